import { describe, expect, it } from "vitest";
import { parseQuery } from "./parse-request.ts";
import { column, failed, field, parsed, star } from "./test-support.ts";

describe("reserved parameters", () => {
  it("uses the first select, columns and on_conflict", () => {
    const request = parsed([
      ["select", "id"],
      ["select", "name"],
      ["columns", "a,b"],
      ["columns", "c"],
      ["on_conflict", "x"],
      ["on_conflict", "y"],
    ]);
    expect(request.select).toEqual([column("id")]);
    expect(request.columns).toEqual(["a", "b"]);
    expect(request.onConflict).toEqual(["x"]);
    expect(request.filters).toEqual([]);
  });

  it("lets a first select without value hide later ones (upstream looks up the first key)", () => {
    expect(
      parsed([
        ["select", null],
        ["select", "id"],
      ]).select,
    ).toEqual([star]);
  });

  it("reads quoted, spaced and repeated columns and on_conflict names", () => {
    const request = parsed([
      ["columns", '"a","b c" , d,"a"'],
      ["on_conflict", "id, tenant"],
    ]);
    expect(request.columns).toEqual(["a", "b c", "d"]);
    expect(request.onConflict).toEqual(["id", "tenant"]);
  });

  it("fails on an empty columns or on_conflict", () => {
    expect(failed([["columns", ""]])).toEqual({
      code: "PGRST100",
      status: 400,
      message: '"failed to parse columns parameter ()" (line 1, column 1)',
      details: "unexpected end of input expecting field name (* or [a..z0..9_$])",
      hint: null,
    });
    expect(failed([["on_conflict", ","]]).message).toBe(
      '"failed to parse on_conflict parameter (,)" (line 1, column 1)',
    );
  });

  it("reserves order, limit, offset, and, or by their last segment only", () => {
    const request = parsed([
      ["x.select", "eq.1"],
      ["Select", "eq.2"],
      ["ordering", "eq.3"],
      ["a.not", "eq.4"],
      ["rel.order", "id"],
      ["rel.not.or", "(a.eq.1)"],
      ["rel.limit", "2"],
    ]);
    expect(request.filters.map((f) => [f.path, f.value.field.name])).toEqual([
      [["x"], "select"],
      [[], "Select"],
      [[], "ordering"],
      [["a"], "not"],
    ]);
    expect(request.order.map((o) => o.path)).toEqual([["rel"]]);
    expect(request.logic.map((l) => [l.path, l.value.kind === "expr" && l.value.negated])).toEqual([[["rel"], true]]);
    expect(request.embedRanges.map((r) => r.path)).toEqual([["rel"]]);
  });

  it("never treats apikey as a filter", () => {
    const request = parsed([
      ["apikey", "sb_publishable_abc"],
      ["apikey", "not.a.filter("],
      ["id", "eq.1"],
    ]);
    expect(request.filters.map((f) => f.value.field.name)).toEqual(["id"]);
  });

  it("ignores keys without a value and fails on keys with an empty one", () => {
    expect(parsed([["flag", null]]).filters).toEqual([]);
    expect(failed([["flag", ""]]).message).toBe('"failed to parse filter ()" (line 1, column 1)');
  });
});

describe("which error wins", () => {
  it("follows PostgREST's order: order, logic, columns, select, filters, on_conflict", () => {
    const everything: [string, string][] = [
      ["on_conflict", ""],
      ["id", "bad"],
      ["select", "a,"],
      ["columns", ""],
      ["or", "()"],
      ["order", "id.bad"],
    ];
    const messages: string[] = [];
    for (let i = everything.length; i > 0; i -= 1) messages.push(failed(everything.slice(0, i)).message);
    expect(messages).toEqual([
      '"failed to parse order (id.bad)" (line 1, column 4)',
      '"failed to parse logic tree (())" (line 1, column 4)',
      '"failed to parse columns parameter ()" (line 1, column 1)',
      '"failed to parse select parameter (a,)" (line 1, column 3)',
      '"failed to parse filter (bad)" (line 1, column 1)',
      '"failed to parse on_conflict parameter ()" (line 1, column 1)',
    ]);
  });

  it("reports the first bad parameter of a kind, in query order", () => {
    expect(
      failed([
        ["a", "x"],
        ["b", "y"],
      ]).message,
    ).toBe('"failed to parse filter (x)" (line 1, column 1)');
  });

  it("checks the profile first, then the query string, then ranges", () => {
    const context = { schemas: ["public", "graphql_public"] };
    expect(
      failed(
        [
          ["id", "bad"],
          ["limit", "-1"],
        ],
        { "accept-profile": "private" },
        context,
      ).code,
    ).toBe("PGRST106");
    expect(
      failed(
        [
          ["id", "bad"],
          ["limit", "-1"],
        ],
        {},
        context,
      ).code,
    ).toBe("PGRST100");
    expect(failed([["limit", "-1"]], {}, context).code).toBe("PGRST103");
  });
});

describe("profiles", () => {
  const context = { schemas: ["public", "graphql_public"] };

  it("reads Accept-Profile on reads and Content-Profile on writes", () => {
    const headers = { "accept-profile": "public", "content-profile": "graphql_public" };
    expect(parsed([], headers, { ...context, method: "GET" }).profile).toBe("public");
    expect(parsed([], headers, { ...context, method: "HEAD" }).profile).toBe("public");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(parsed([], headers, { ...context, method }).profile).toBe("graphql_public");
    }
    expect(parsed([], {}, context).profile).toBeUndefined();
  });

  it("answers PGRST106 for a schema that is not exposed", () => {
    expect(failed([], { "Content-Profile": "private" }, { ...context, method: "POST" })).toEqual({
      code: "PGRST106",
      status: 406,
      message: "Invalid schema: private",
      details: null,
      hint: "Only the following schemas are exposed: public, graphql_public",
    });
  });

  it("leaves validation to the caller when no schema list is given", () => {
    expect(parsed([], { "accept-profile": "anything" }).profile).toBe("anything");
  });

  it("decodes a UTF-8 schema name sent as Latin-1 header bytes", () => {
    expect(parsed([], { "accept-profile": "Ã©tÃ©" }).profile).toBe("été");
  });
});

describe("RPC over GET", () => {
  it("turns non-operator values into arguments and keeps real filters", () => {
    const request = parsed(
      [
        ["a", "1"],
        ["arr", "{1,2}"],
        ["id", "eq.5"],
        ["name", "John Doe"],
      ],
      {},
      { target: "rpc", method: "GET" },
    );
    expect(request.rpcArgs).toEqual([
      ["a", "1"],
      ["arr", "{1,2}"],
      ["name", "John Doe"],
    ]);
    expect(request.filters).toEqual([
      { path: [], value: { field: field("id"), negated: false, operation: { operator: "eq", value: "5" } } },
    ]);
  });

  it("still fails on a value that starts like an operator and then breaks", () => {
    expect(failed([["a", "not.x"]], {}, { target: "rpc", method: "HEAD" }).message).toBe(
      '"failed to parse filter (not.x)" (line 1, column 5)',
    );
    expect(failed([["a", "in.1"]], {}, { target: "rpc" }).message).toBe(
      '"failed to parse filter (in.1)" (line 1, column 4)',
    );
  });

  it("requires operators on POST /rpc and on tables", () => {
    expect(failed([["a", "1"]], {}, { target: "rpc", method: "POST" }).code).toBe("PGRST100");
    expect(failed([["a", "1"]]).code).toBe("PGRST100");
  });
});

describe("parseQuery", () => {
  it("accepts URLSearchParams and never throws on its own input", () => {
    const result = parseQuery(new URLSearchParams("select=id&id=eq.1"));
    expect(result.ok).toBe(true);
  });

  it("returns a typed error instead of overflowing on absurd nesting", () => {
    const deep = `${"a(".repeat(5000)}b${")".repeat(5000)}`;
    const result = parseQuery([["select", deep]]);
    expect(result).toMatchObject({ ok: false, error: { code: "PGRST100", status: 400 } });
    const fine = `${"a(".repeat(16)}b${")".repeat(16)}`;
    expect(parseQuery([["select", fine]]).ok).toBe(true);
  });

  it("refuses a select nested deeper than 16 embeds or naming more than 1,000 columns (PGRST100)", () => {
    const deep = `${"a(".repeat(17)}b${")".repeat(17)}`;
    expect(parseQuery([["select", deep]])).toEqual({
      ok: false,
      error: {
        code: "PGRST100",
        status: 400,
        message: "select parameter nests embedded resources too deeply",
        details: "embedded resources are nested 17 levels deep, at most 16 may be",
        hint: null,
      },
    });
    const wide = Array.from({ length: 1001 }, () => "id").join(",");
    expect(parseQuery([["select", wide]])).toMatchObject({
      ok: false,
      error: { code: "PGRST100", details: "1001 columns are selected, at most 1000 may be" },
    });
    expect(parseQuery([["select", Array.from({ length: 1000 }, () => "id").join(",")]]).ok).toBe(true);
  });
});
