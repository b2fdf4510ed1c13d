import { describe, expect, it } from "vitest";
import { pgrstSettings, readBool, readDbConfig } from "./db-config.ts";

describe("in-database configuration", () => {
  it("takes the database-specific value over the role-wide one, and only pgrst.* keys of the authenticator", () => {
    const values = pgrstSettings([
      { role: "authenticator", database: "0", settings: ["pgrst.db_tx_end=commit", "pgrst.db_max_rows=5"] },
      { role: "authenticator", database: "5", settings: ["pgrst.db_tx_end=rollback", "statement_timeout=1s"] },
      { role: "anon", database: "0", settings: ["pgrst.db_plan_enabled=true"] },
    ]);
    expect(Object.fromEntries(values)).toEqual({ db_tx_end: "rollback", db_max_rows: "5" });
  });

  it.each([
    ["true", true],
    ["TRUE", true],
    ["'True'", true],
    ["false", false],
    ["1", true],
    ["0", false],
    ["yes", false],
  ])("reads %s as %s, as PostgREST's coerceBool", (text, expected) => {
    expect(readBool(text)).toBe(expected);
  });

  it("reads the honoured keys and reports an unknown db_tx_end", () => {
    const warned: string[] = [];
    const config = readDbConfig(
      new Map([
        ["db_tx_end", "sometimes"],
        ["db_max_rows", "ten"],
        ["db_plan_enabled", "true"],
      ]),
      (key) => warned.push(key),
    );
    expect(config).toEqual({ planEnabled: true, maxRows: null });
    expect(warned).toEqual(["db_tx_end"]);
  });
});
