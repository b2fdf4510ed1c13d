import { describe, expect, it } from "vitest";
import type { Filter } from "../parse/index.ts";
import { Params } from "../sql/params.ts";
import { filterSql } from "./filters.ts";

const f = (operation: Filter["operation"], negated = false, jsonPath: Filter["field"]["jsonPath"] = []): Filter => ({
  field: { name: "c", jsonPath },
  negated,
  operation,
});

describe("filters render as SQL with every value bound", () => {
  it.each([
    [f({ operator: "eq", value: "1' or '1'='1" }), '"t"."c" = $1', ["1' or '1'='1"]],
    [f({ operator: "like", value: "a*b" }), '"t"."c" LIKE $1', ["a%b"]],
    [f({ operator: "like", quantifier: "any", value: "{a*,b*}" }), '"t"."c" LIKE ANY($1)', ["{a%,b%}"]],
    [f({ operator: "in", values: ["a", 'b"c', "d,e"] }), '"t"."c" = ANY($1)', ['{"a","b\\"c","d,e"}']],
    [f({ operator: "in", values: [""] }), '"t"."c" = ANY(\'{}\')', []],
    [f({ operator: "is", value: "not_null" }, true), 'NOT ("t"."c" IS NOT NULL)', []],
    [f({ operator: "fts", language: "english", value: "cat" }), '"t"."c" @@ to_tsquery($1, $2)', ["english", "cat"]],
    [f({ operator: "cs", value: "{a}" }), '"t"."c" @> $1', ["{a}"]],
    [
      f({ operator: "eq", value: "x" }, false, [{ arrow: "->>", operand: { kind: "key", value: "k'" } }]),
      'to_jsonb("t"."c")->>$1::text = $2',
      ["k'", "x"],
    ],
  ])("%#", (filter, sql, values) => {
    const p = new Params();
    expect(filterSql("t", filter, undefined, p)).toBe(sql);
    expect(p.values).toEqual(values);
  });
});
