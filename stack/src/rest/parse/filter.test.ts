import { describe, expect, it } from "vitest";
import { failed, field, index, key, parsed, pgrst100 } from "./test-support.ts";
import type { Filter, Operation, Scoped } from "./types.ts";

function filterOf(value: string, column = "col"): Operation {
  const filters = parsed([[column, value]]).filters;
  expect(filters).toHaveLength(1);
  return filters[0]!.value.operation;
}

describe("filters: operators", () => {
  it.each<[string, Operation]>([
    ["eq.5", { operator: "eq", value: "5" }],
    ["neq.5", { operator: "neq", value: "5" }],
    ["gt.5", { operator: "gt", value: "5" }],
    ["gte.5", { operator: "gte", value: "5" }],
    ["lt.5", { operator: "lt", value: "5" }],
    ["lte.5", { operator: "lte", value: "5" }],
    ["like.*Tom*", { operator: "like", value: "*Tom*" }],
    ["ilike.*tom*", { operator: "ilike", value: "*tom*" }],
    ["match.^T.*m$", { operator: "match", value: "^T.*m$" }],
    ["imatch.^t", { operator: "imatch", value: "^t" }],
    ["isdistinct.5", { operator: "isdistinct", value: "5" }],
    ["cs.{a,b}", { operator: "cs", value: "{a,b}" }],
    ['cd.{"k":1}', { operator: "cd", value: '{"k":1}' }],
    ["ov.[1,5)", { operator: "ov", value: "[1,5)" }],
    ["sl.(1,10)", { operator: "sl", value: "(1,10)" }],
    ["sr.(1,10)", { operator: "sr", value: "(1,10)" }],
    ["nxr.(1,10)", { operator: "nxr", value: "(1,10)" }],
    ["nxl.(1,10)", { operator: "nxl", value: "(1,10)" }],
    ["adj.(1,10)", { operator: "adj", value: "(1,10)" }],
    ["fts.cat & dog", { operator: "fts", value: "cat & dog" }],
    ["plfts.cat dog", { operator: "plfts", value: "cat dog" }],
    ["phfts(english).the cat", { operator: "phfts", language: "english", value: "the cat" }],
    ["wfts(simple).cat or dog", { operator: "wfts", language: "simple", value: "cat or dog" }],
    ["eq(any).{1,2}", { operator: "eq", quantifier: "any", value: "{1,2}" }],
    ["like(all).{O*,P*}", { operator: "like", quantifier: "all", value: "{O*,P*}" }],
    ["gte(any).{1,2}", { operator: "gte", quantifier: "any", value: "{1,2}" }],
    ["imatch(any).{^a,^b}", { operator: "imatch", quantifier: "any", value: "{^a,^b}" }],
  ])("%s", (value, expected) => {
    expect(filterOf(value)).toEqual(expected);
  });

  it("reads every is value, case-insensitively", () => {
    for (const [text, value] of [
      ["null", "null"],
      ["NULL", "null"],
      ["nOlL".replace("O", "U").replace("l", "L"), "null"],
      ["not_null", "not_null"],
      ["true", "true"],
      ["FALSE", "false"],
      ["unknown", "unknown"],
    ] as const) {
      expect(filterOf(`is.${text}`)).toEqual({ operator: "is", value });
    }
  });

  it("keeps a top-level value whole: dots, commas, quotes, parentheses, = and spaces", () => {
    expect(filterOf('eq.a.b,"c"(d)=e f')).toEqual({ operator: "eq", value: 'a.b,"c"(d)=e f' });
    expect(filterOf("eq.")).toEqual({ operator: "eq", value: "" });
  });

  it("negates any operator with not.", () => {
    const filters = parsed([
      ["a", "not.eq.1"],
      ["b", "not.in.(1,2)"],
      ["c", "not.is.null"],
      ["d", "not.like(any).{a*}"],
    ]).filters;
    expect(filters.map((f) => [f.value.negated, f.value.operation.operator])).toEqual([
      [true, "eq"],
      [true, "in"],
      [true, "is"],
      [true, "like"],
    ]);
  });

  it("ignores what follows a recognised is value, as upstream does", () => {
    expect(filterOf("is.nullable")).toEqual({ operator: "is", value: "null" });
  });
});

describe("filters: in lists", () => {
  it.each<[string, string[]]>([
    ["in.(1,2,3)", ["1", "2", "3"]],
    ['in.("a,b",c)', ["a,b", "c"]],
    ['in.("a\\"b","c\\\\d")', ['a"b', "c\\d"]],
    ['in.("(x)",y)', ["(x)", "y"]],
    ["in.(one two,three)", ["one two", "three"]],
    // Spaces after `(` and before `)` are skipped; spaces around commas stay in the elements.
    ["in.( a , b )", ["a ", " b "]],
    // A quoted element not followed by `,` or `)` is read verbatim, quotes included.
    ['in.("a"b,c)', ['"a"b', "c"]],
    ["in.()", [""]],
    ['in.("")', [""]],
    ["in.(,)", ["", ""]],
  ])("%s", (value, values) => {
    expect(filterOf(value)).toEqual({ operator: "in", values });
  });
});

describe("filters: targets", () => {
  it.each<[string, Scoped<Filter>["path"], Filter["field"]]>([
    ["id", [], field("id")],
    ["data->>blood_type", [], field("data", key("blood_type", "->>"))],
    ["data->age", [], field("data", key("age"))],
    ["data->tags->0", [], field("data", key("tags"), index("0"))],
    ["roles.character", ["roles"], field("character")],
    ["roles.actors.first_name", ["roles", "actors"], field("first_name")],
    ["roles.data->>x", ["roles"], field("data", key("x", "->>"))],
    ['"a.b"', [], field("a.b")],
    ['rel."a.b"', ["rel"], field("a.b")],
    ["first name", [], field("first name")],
    ["not", [], field("not")],
    ["x.select", ["x"], field("select")],
    ["Select", [], field("Select")],
  ])("%s", (column, path, expectedField) => {
    const [filter] = parsed([[column, "eq.1"]]).filters;
    expect(filter).toEqual({
      path,
      value: { field: expectedField, negated: false, operation: { operator: "eq", value: "1" } },
    });
  });

  it("reads the null-embed filters rel=is.null and rel=not.is.null as plain filters", () => {
    expect(parsed([["actors", "not.is.null"]]).filters).toEqual([
      { path: [], value: { field: field("actors"), negated: true, operation: { operator: "is", value: "null" } } },
    ]);
  });

  it("keeps every filter, repeats included, in query order", () => {
    const filters = parsed([
      ["b", "gt.1"],
      ["a", "eq.2"],
      ["b", "lt.9"],
    ]).filters;
    expect(filters.map((f) => `${f.value.field.name}:${f.value.operation.operator}`)).toEqual(["b:gt", "a:eq", "b:lt"]);
  });
});

describe("filters: errors", () => {
  // Messages and details as PostgREST v14 answers them (its doctests and spec suite).
  it.each<[string, number, string]>([
    ["0", 1, `unexpected "0" expecting "not" or operator (eq, gt, ...)`],
    ["noop.0", 1, `unexpected "o" expecting "not" or operator (eq, gt, ...)`],
    ["fts().value", 5, `unexpected ")" expecting operator (eq, gt, ...)`],
    ["eq().value", 4, `unexpected ")" expecting operator (eq, gt, ...)`],
    ["is().value", 3, `unexpected "(" expecting operator (eq, gt, ...)`],
    ["in().value", 3, `unexpected "(" expecting operator (eq, gt, ...)`],
    // Derived from the same grammar.
    ["", 1, `unexpected end of input expecting "not" or operator (eq, gt, ...)`],
    ["not.x", 5, `unexpected "x" expecting operator (eq, gt, ...)`],
    ["is.maybe", 4, `unexpected "m" expecting isVal: (null, not_null, true, false, unknown)`],
    ["in.1,2", 4, `unexpected "1" expecting "("`],
    ['in.("a"', 8, `unexpected end of input expecting "," or ")"`],
    ["eq", 3, `unexpected end of input expecting operator (eq, gt, ...)`],
    ["eq(some).1", 4, `unexpected "s" expecting operator (eq, gt, ...)`],
  ])("%s", (value, column_, details) => {
    expect(failed([["col", value]])).toEqual(
      pgrst100(`"failed to parse filter (${value})" (line 1, column ${column_})`, details),
    );
  });

  it("reports a bad key before a bad value", () => {
    expect(failed([["a..b", "nope"]])).toEqual(
      pgrst100(
        '"failed to parse tree path (a..b)" (line 1, column 3)',
        `unexpected "." expecting field name (* or [a..z0..9_$])`,
      ),
    );
    expect(failed([["", "eq.1"]])).toEqual(
      pgrst100(
        '"failed to parse tree path ()" (line 1, column 1)',
        "unexpected end of input expecting field name (* or [a..z0..9_$])",
      ),
    );
  });
});
