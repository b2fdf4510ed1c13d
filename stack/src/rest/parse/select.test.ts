import { describe, expect, it } from "vitest";
import { column, failed, index, key, parsed, pgrst100, star } from "./test-support.ts";
import type { SelectItem } from "./types.ts";

function select(value: string | null): readonly SelectItem[] {
  return parsed(value === null ? [] : [["select", value]]).select;
}

describe("select: columns", () => {
  it.each<[string, string | null, SelectItem[]]>([
    ["defaults to * when absent", null, [star]],
    ["gives an empty list for select=", "", []],
    ["reads *", "*", [star]],
    ["reads columns in order", "id,name", [column("id"), column("name")]],
    ["tolerates spaces and tabs around items", " id ,\tname ", [column("id"), column("name")]],
    ["trims spaces at the ends of a name but keeps inner ones", "first name ", [column("first name")]],
    ["keeps dashes that do not start ->", "my-col", [column("my-col")]],
    ["accepts unicode letters, digits, _ and $", "prénom_1$", [column("prénom_1$")]],
    ["unquotes double-quoted names", '"a.b","c:d","x\\"y"', [column("a.b"), column("c:d"), column('x"y')]],
    ["keeps spaces inside quotes", '" spaced "', [column(" spaced ")]],
    ["reads an alias", "author:name", [column("name", { alias: "author" })]],
    ["reads a cast", "id::text", [column("id", { cast: "text" })]],
    ["reads an alias and a cast", "n:id::int", [column("id", { alias: "n", cast: "int" })]],
    ["trims a cast", "id::double precision", [column("id", { cast: "double precision" })]],
    ["reads a JSON path", "data->a->>b", [column("data", {}, key("a"), key("b", "->>"))]],
    ["reads array indexes", "data->0->>-1", [column("data", {}, index("0"), index("-1", "->>"))]],
    ["reads reserved characters in JSON keys", "data->!@#$%^&*_a", [column("data", {}, key("!@#$%^&*_a"))]],
    ["reads quoted JSON keys", 'data->"a.b"', [column("data", {}, key("a.b"))]],
    [
      "reads alias, JSON path and cast together",
      "alias:name->jsonpath::cast",
      [column("name", { alias: "alias", cast: "cast" }, key("jsonpath"))],
    ],
    ["treats a quoted * like *", '"*"', [star]],
  ])("%s", (_name, input, expected) => {
    expect(select(input)).toEqual(expected);
  });
});

describe("select: aggregates", () => {
  it.each<[string, SelectItem[]]>([
    ["count()", [column("*", { aggregate: "count" })]],
    ["total:count()", [column("*", { aggregate: "count", alias: "total" })]],
    ["count()::text", [column("*", { aggregate: "count", aggregateCast: "text" })]],
    ["amount.sum()", [column("amount", { aggregate: "sum" })]],
    ["amount.avg()", [column("amount", { aggregate: "avg" })]],
    ["amount.min()", [column("amount", { aggregate: "min" })]],
    ["amount.max()", [column("amount", { aggregate: "max" })]],
    ["id.count()", [column("id", { aggregate: "count" })]],
    [
      "t:amount::int.sum()::text",
      [column("amount", { alias: "t", cast: "int", aggregate: "sum", aggregateCast: "text" })],
    ],
    ["data->>n.max()", [column("data", { aggregate: "max" }, key("n", "->>"))]],
  ])("%s", (input, expected) => {
    expect(select(input)).toEqual(expected);
  });
});

describe("select: embeds and spreads", () => {
  it.each<[string, SelectItem[]]>([
    ["users(name)", [{ kind: "embed", relation: "users", children: [column("name")] }]],
    ["author:users(*)", [{ kind: "embed", relation: "users", alias: "author", children: [star] }]],
    ["users!fk_name(*)", [{ kind: "embed", relation: "users", hint: "fk_name", children: [star] }]],
    ["users!inner(*)", [{ kind: "embed", relation: "users", joinType: "inner", children: [star] }]],
    ["users!left(*)", [{ kind: "embed", relation: "users", joinType: "left", children: [star] }]],
    ["users!fk!inner(*)", [{ kind: "embed", relation: "users", hint: "fk", joinType: "inner", children: [star] }]],
    ["users!inner!fk(*)", [{ kind: "embed", relation: "users", hint: "fk", joinType: "inner", children: [star] }]],
    [
      "a:users!fk!left(id)",
      [{ kind: "embed", relation: "users", alias: "a", hint: "fk", joinType: "left", children: [column("id")] }],
    ],
    ['users!"fk.with.dots"(*)', [{ kind: "embed", relation: "users", hint: "fk.with.dots", children: [star] }]],
    ["users()", [{ kind: "embed", relation: "users", children: [] }]],
    ["...users(name)", [{ kind: "spread", relation: "users", children: [column("name")] }]],
    ["...users!fk!inner(*)", [{ kind: "spread", relation: "users", hint: "fk", joinType: "inner", children: [star] }]],
    [
      "*,roles(character,films(title))",
      [
        star,
        {
          kind: "embed",
          relation: "roles",
          children: [column("character"), { kind: "embed", relation: "films", children: [column("title")] }],
        },
      ],
    ],
    [
      "actors:roles(character,...actors(first_name))",
      [
        {
          kind: "embed",
          relation: "roles",
          alias: "actors",
          children: [column("character"), { kind: "spread", relation: "actors", children: [column("first_name")] }],
        },
      ],
    ],
    [
      "id, users ( name , id )",
      [column("id"), { kind: "embed", relation: "users", children: [column("name"), column("id")] }],
    ],
    ["messages(count)", [{ kind: "embed", relation: "messages", children: [column("count")] }]],
    [
      "order_date,...customers(subscription_date.max())",
      [
        column("order_date"),
        { kind: "spread", relation: "customers", children: [column("subscription_date", { aggregate: "max" })] },
      ],
    ],
  ])("%s", (input, expected) => {
    expect(select(input)).toEqual(expected);
  });
});

describe("select: what PostgREST quietly accepts", () => {
  // The select grammar is not anchored at the end: parsing stops at the first item it cannot
  // start, and whatever follows is dropped, exactly as upstream.
  it.each<[string, SelectItem[]]>([
    ["id)", [column("id")]],
    ["*!hint", []],
  ])("%s", (input, expected) => {
    expect(select(input)).toEqual(expected);
  });
});

describe("select: errors", () => {
  // Messages and details as PostgREST v14 answers them (its doctests and spec suite).
  it.each<[string, number, string]>([
    [
      "id,clients(name[])",
      16,
      `unexpected '[' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`,
    ],
    ["data->>-78xy", 11, `unexpected 'x' expecting digit, "->", "::", ".", "," or end of input`],
    ["data->>--34", 9, `unexpected "-" expecting digit`],
    [
      "data->(!@#$%^&*_d->>!@#$%^&*_e::integer",
      7,
      `unexpected "(" expecting "-", digit or any non reserved character different from: .,>()`,
    ],
    ["name!hint", 5, `unexpected '!' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`],
    ["name::", 7, "unexpected end of input expecting letter or digit"],
    // The rest follow from the same Parsec rules (notably: an alternative that failed after
    // consuming input reports only its own expectations).
    ["id,)", 4, `unexpected ")" expecting "...", field name (* or [a..z0..9_$]), "*" or "count()"`],
    [
      "id,users(name",
      14,
      `unexpected end of input expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`,
    ],
    ["count(*)", 6, `unexpected '(' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`],
    ["alias:...users(*)", 7, `unexpected "." expecting ":" or field name (* or [a..z0..9_$])`],
    ["rel->path(*)", 10, `unexpected '(' expecting "-", "->>", "->", "::", ".", ")", "," or end of input`],
    ["é!", 2, `unexpected '!' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`],
    // `string` is not backtracking in Parsec 3.1.16: a half-matched "::" is an error at its start.
    ["a:b:c", 4, `unexpected "c" expecting "::"`],
  ])("%s", (input, column_, details) => {
    expect(failed([["select", input]])).toEqual(
      pgrst100(`"failed to parse select parameter (${input})" (line 1, column ${column_})`, details),
    );
  });

  it("counts lines and tab stops like Parsec", () => {
    expect(failed([["select", "data->a\n\tb("]]).message).toBe(
      '"failed to parse select parameter (data->a\n\tb()" (line 2, column 10)',
    );
  });

  it("shows characters as Haskell's show does", () => {
    const expectingItem = `expecting "...", field name (* or [a..z0..9_$]), "*" or "count()"`;
    expect(failed([["select", "id,"]]).details).toBe(`unexpected end of input ${expectingItem}`);
    expect(failed([["select", "id,\u00a7"]]).details).toBe(`unexpected "\\167" ${expectingItem}`);
    expect(failed([["select", "id,\u000e"]]).details).toBe(`unexpected "\\SO" ${expectingItem}`);
    expect(failed([["select", "id,é\u00a7"]]).details).toBe(
      `unexpected '\\167' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`,
    );
  });
});
