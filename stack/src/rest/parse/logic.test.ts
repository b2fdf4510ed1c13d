import { describe, expect, it } from "vitest";
import { failed, field, key, parsed, pgrst100 } from "./test-support.ts";
import type { Field, LogicTree, Operation, Scoped } from "./types.ts";

function member(f: Field, operation: Operation, negated = false): LogicTree {
  return { kind: "filter", filter: { field: f, negated, operation } };
}

function expr(operator: "and" | "or", children: LogicTree[], negated = false): LogicTree {
  return { kind: "expr", negated, operator, children };
}

const eq = (value: string): Operation => ({ operator: "eq", value });

describe("logic trees", () => {
  it.each<[string, string, Scoped<LogicTree>]>([
    [
      "or",
      "(a.eq.1,b.gt.2)",
      {
        path: [],
        value: expr("or", [member(field("a"), eq("1")), member(field("b"), { operator: "gt", value: "2" })]),
      },
    ],
    ["and", "(a.eq.1)", { path: [], value: expr("and", [member(field("a"), eq("1"))]) }],
    [
      "not.or",
      "(a.eq.1,a.eq.2)",
      { path: [], value: expr("or", [member(field("a"), eq("1")), member(field("a"), eq("2"))], true) },
    ],
    ["not.and", "(a.eq.1)", { path: [], value: expr("and", [member(field("a"), eq("1"))], true) }],
    ["roles.or", "(a.eq.1)", { path: ["roles"], value: expr("or", [member(field("a"), eq("1"))]) }],
    ["roles.not.and", "(a.eq.1)", { path: ["roles"], value: expr("and", [member(field("a"), eq("1"))], true) }],
    ["a.b.or", "(c.eq.1)", { path: ["a", "b"], value: expr("or", [member(field("c"), eq("1"))]) }],
    [
      "or",
      "(age.eq.14,not.and(age.gte.11,age.lte.17))",
      {
        path: [],
        value: expr("or", [
          member(field("age"), eq("14")),
          expr(
            "and",
            [
              member(field("age"), { operator: "gte", value: "11" }),
              member(field("age"), { operator: "lte", value: "17" }),
            ],
            true,
          ),
        ]),
      },
    ],
    [
      "and",
      "(or(a.eq.1,b.eq.2),not.or(c.eq.3))",
      {
        path: [],
        value: expr("and", [
          expr("or", [member(field("a"), eq("1")), member(field("b"), eq("2"))]),
          expr("or", [member(field("c"), eq("3"))], true),
        ]),
      },
    ],
    [
      "or",
      '(name.eq."a,b",tags.cs.{x,y},id.in.(1,2),t.eq."q\\"t")',
      {
        path: [],
        value: expr("or", [
          member(field("name"), eq("a,b")),
          member(field("tags"), { operator: "cs", value: "{x,y}" }),
          member(field("id"), { operator: "in", values: ["1", "2"] }),
          member(field("t"), eq('q"t')),
        ]),
      },
    ],
    [
      "or",
      "(data->>x.eq.1,body.wfts(english).cat,name.like(any).{a*,b*})",
      {
        path: [],
        value: expr("or", [
          member(field("data", key("x", "->>")), eq("1")),
          member(field("body"), { operator: "wfts", language: "english", value: "cat" }),
          member(field("name"), { operator: "like", quantifier: "any", value: "{a*,b*}" }),
        ]),
      },
    ],
    [
      "or",
      "(actors.not.is.null,directors.not.is.null)",
      {
        path: [],
        value: expr("or", [
          member(field("actors"), { operator: "is", value: "null" }, true),
          member(field("directors"), { operator: "is", value: "null" }, true),
        ]),
      },
    ],
    [
      "or",
      "( a.eq.1 , b.eq.2 )",
      { path: [], value: expr("or", [member(field("a"), eq("1 ")), member(field("b"), eq("2 "))]) },
    ],
  ])("%s=%s", (k, v, expected) => {
    expect(parsed([[k, v]]).logic).toEqual([expected]);
  });

  it("keeps every tree with its level, in query order", () => {
    const logic = parsed([
      ["or", "(a.eq.1)"],
      ["rel.and", "(b.eq.2)"],
      ["or", "(c.eq.3)"],
    ]).logic;
    expect(logic.map((t) => t.path)).toEqual([[], ["rel"], []]);
  });
});

describe("logic trees: errors", () => {
  // Messages and details as PostgREST v14 answers them (its doctests and spec suite).
  it.each<[string, string, number, string]>([
    [
      "or",
      "()",
      4,
      'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)',
    ],
    ["or", "(id.in.1,2,id.eq.3)", 10, `unexpected "1" expecting "("`],
    ["or", ")(", 3, `unexpected ")" expecting "("`],
    ["and", "(ord(id.eq.1,id.eq.1),id.eq.2)", 7, `unexpected "d" expecting "("`],
    ["or", "(id.eq.1,not.xor(id.eq.2,id.eq.3))", 16, 'unexpected "x" expecting logic operator (and, or)'],
    // Derived from the same grammar: positions count the glued operator (`or` here).
    ["or", "(a.eq.1", 10, `unexpected end of input expecting "," or ")"`],
    ["not.or", "(a.eq.1", 14, `unexpected end of input expecting "," or ")"`],
    ["or", "", 3, `unexpected end of input expecting "("`],
  ])("%s=%s", (k, v, column_, details) => {
    expect(failed([[k, v]])).toEqual(
      pgrst100(`"failed to parse logic tree (${v})" (line 1, column ${column_})`, details),
    );
  });

  it("reports a bad key as a logic path error", () => {
    expect(failed([[".or", "(a.eq.1)"]])).toEqual(
      pgrst100(
        '"failed to parse logic path (.or)" (line 1, column 1)',
        `unexpected "." expecting field name (* or [a..z0..9_$])`,
      ),
    );
  });
});
