import { describe, expect, it } from "vitest";
import { failed, field, key, parsed, pgrst100 } from "./test-support.ts";
import type { OrderTerm, Scoped } from "./types.ts";

describe("order", () => {
  it.each<[string, OrderTerm[]]>([
    ["id", [{ kind: "field", field: field("id") }]],
    ["id.asc", [{ kind: "field", field: field("id"), direction: "asc" }]],
    ["id.desc", [{ kind: "field", field: field("id"), direction: "desc" }]],
    ["id.nullsfirst", [{ kind: "field", field: field("id"), nulls: "first" }]],
    ["name.desc.nullsfirst", [{ kind: "field", field: field("name"), direction: "desc", nulls: "first" }]],
    ["name.asc.nullslast", [{ kind: "field", field: field("name"), direction: "asc", nulls: "last" }]],
    [
      "a,b.desc",
      [
        { kind: "field", field: field("a") },
        { kind: "field", field: field("b"), direction: "desc" },
      ],
    ],
    [
      " a , b.desc",
      [
        { kind: "field", field: field("a") },
        { kind: "field", field: field("b"), direction: "desc" },
      ],
    ],
    [
      "json_col->key.asc.nullslast",
      [{ kind: "field", field: field("json_col", key("key")), direction: "asc", nulls: "last" }],
    ],
    ["data->>n", [{ kind: "field", field: field("data", key("n", "->>")) }]],
    ["json_col->!@#$%^&*_a.asc", [{ kind: "field", field: field("json_col", key("!@#$%^&*_a")), direction: "asc" }]],
    ['"a.b".desc', [{ kind: "field", field: field("a.b"), direction: "desc" }]],
    [
      "clients(json_col->key).desc.nullsfirst",
      [
        {
          kind: "relation",
          relation: "clients",
          field: field("json_col", key("key")),
          direction: "desc",
          nulls: "first",
        },
      ],
    ],
    [
      "name,clients(name),id",
      [
        { kind: "field", field: field("name") },
        { kind: "relation", relation: "clients", field: field("name") },
        { kind: "field", field: field("id") },
      ],
    ],
  ])("order=%s", (value, terms) => {
    expect(parsed([["order", value]]).order).toEqual([{ path: [], value: terms }]);
  });

  it("reads embedded orders by their path", () => {
    const order = parsed([
      ["actors.order", "last_name.desc"],
      ["roles.actors.order", "id"],
      ["order", "id"],
    ]).order;
    expect(order).toEqual<Scoped<OrderTerm[]>[]>([
      { path: ["actors"], value: [{ kind: "field", field: field("last_name"), direction: "desc" }] },
      { path: ["roles", "actors"], value: [{ kind: "field", field: field("id") }] },
      { path: [], value: [{ kind: "field", field: field("id") }] },
    ]);
  });
});

describe("order: errors", () => {
  // Messages and details as PostgREST v14 answers them (its doctests and spec suite).
  it.each<[string, number, string]>([
    [
      "clients(name,id)",
      8,
      `unexpected '(' expecting letter, digit, "-", "->>", "->", delimiter (.), "," or end of input`,
    ],
    ["id.ac", 4, `unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"`],
    ["id.descc", 8, `unexpected 'c' expecting delimiter (.), "," or end of input`],
    ["id.nulsfist", 4, `unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast"`],
    ["id.nullslasttt", 13, `unexpected 't' expecting "," or end of input`],
    ["id.smth34", 4, `unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"`],
    ["id.asc.nlsfst", 8, `unexpected "l" expecting "nullsfirst" or "nullslast"`],
    ["id.asc.nullslasttt", 17, `unexpected 't' expecting "," or end of input`],
    ["id.asc.smth34", 8, `unexpected "s" expecting "nullsfirst" or "nullslast"`],
    // Derived from the same grammar.
    ["", 1, "unexpected end of input expecting field name (* or [a..z0..9_$])"],
    ["id,", 4, "unexpected end of input expecting field name (* or [a..z0..9_$])"],
    // Spaces are allowed around names, not after a modifier.
    ["b.desc ", 7, `unexpected ' ' expecting delimiter (.), "," or end of input`],
  ])("order=%s", (value, column_, details) => {
    expect(failed([["order", value]])).toEqual(
      pgrst100(`"failed to parse order (${value})" (line 1, column ${column_})`, details),
    );
  });

  it("reports a bad key as a tree path error", () => {
    expect(failed([["a..order", "id"]]).message).toBe('"failed to parse tree path (a..order)" (line 1, column 3)');
  });
});
