import { describe, expect, it } from "vitest";
import { migrationStatements, SqlSplitter } from "./sql-splitter.ts";

function split(chunks: string[]): { text: string; line: number }[] {
  const splitter = new SqlSplitter();
  return [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
}

describe("SqlSplitter", () => {
  it("ends statements only at top-level semicolons", () => {
    const script = [
      "SET a = 1;",
      "INSERT INTO \"t;x\" VALUES ('a;b', E'it\\'s; fine', 'don''t;');",
      "CREATE FUNCTION f() RETURNS int AS $body$ select 1; $body$ LANGUAGE sql;",
      "/* a; /* nested; */ comment */ SELECT $$;$$; -- trailing; comment",
      "SELECT 2",
    ].join("\n");
    expect(split([script]).map((s) => s.text)).toEqual([
      "SET a = 1;",
      "INSERT INTO \"t;x\" VALUES ('a;b', E'it\\'s; fine', 'don''t;');",
      "CREATE FUNCTION f() RETURNS int AS $body$ select 1; $body$ LANGUAGE sql;",
      "/* a; /* nested; */ comment */ SELECT $$;$$;",
      "-- trailing; comment\nSELECT 2",
    ]);
  });

  it("gives the same statements whatever the chunk boundaries", () => {
    const script = "SELECT 'a''b;';\nSELECT $q$x;$q$;\n\nSELECT E'\\\\';\nSELECT 1; -- c\n";
    const whole = split([script]);
    for (let size = 1; size < 8; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < script.length; i += size) chunks.push(script.slice(i, i + size));
      expect(split(chunks)).toEqual(whole);
    }
    expect(whole.map((s) => s.line)).toEqual([1, 2, 4, 5]);
  });

  it("drops text that is only comments", () => {
    expect(split(["-- header\n\n-- nothing else\n"])).toEqual([]);
  });

  it("gives a migration's statements as the CLI records them: one each, without the semicolon", () => {
    const sql =
      "-- notes\ncreate table t (x text);\n\ncreate function f() returns int\nlanguage sql as $$ select 1; $$;\n";
    expect(migrationStatements(sql)).toEqual([
      "-- notes\ncreate table t (x text)",
      "create function f() returns int\nlanguage sql as $$ select 1; $$",
    ]);
  });
});
