import { describe, expect, it } from "vitest";
import type { ParsedRequest } from "../parse/index.ts";
import { createBodyShapeMemo } from "./body-shape-memo.ts";

const parsed = () => ({}) as ParsedRequest;

describe("createBodyShapeMemo", () => {
  it("compiles once per (parse, target, body shape)", () => {
    const memo = createBodyShapeMemo<string[]>();
    const request = parsed();
    const table = {};
    let compiled = 0;
    const compile = () => [String((compiled += 1))];
    const first = memo(request, table, '["a","b"]', compile);
    expect(memo(request, table, '["a","b"]', compile)).toBe(first);
    expect(memo(request, table, '["b","a"]', compile)).not.toBe(first);
    expect(memo(request, {}, '["a","b"]', compile)).not.toBe(first);
    expect(memo(parsed(), table, '["a","b"]', compile)).not.toBe(first);
    expect(compiled).toBe(4);
  });

  it("does not remember a compile that throws", () => {
    const memo = createBodyShapeMemo<string>();
    const request = parsed();
    const table = {};
    expect(() =>
      memo(request, table, "[]", () => {
        throw new Error("unknown column");
      }),
    ).toThrow("unknown column");
    expect(memo(request, table, "[]", () => "ok")).toBe("ok");
  });

  it("keeps a bounded number of body shapes per request shape", () => {
    const memo = createBodyShapeMemo<object>();
    const request = parsed();
    const table = {};
    const first = memo(request, table, "0", () => ({}));
    for (let i = 1; i <= 16; i += 1) memo(request, table, String(i), () => ({}));
    expect(memo(request, table, "0", () => ({}))).not.toBe(first);
  });
});
