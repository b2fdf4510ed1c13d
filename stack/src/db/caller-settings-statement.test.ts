import { describe, expect, it } from "vitest";
import { callerSettingsStatement } from "./caller-settings-statement.ts";

describe("callerSettingsStatement", () => {
  it("binds every name and value and sets them in order, transaction-local", () => {
    const statement = callerSettingsStatement(["role", "anon", "request.method", "GET"]);
    expect(statement.text).toBe(
      "select pg_catalog.num_nonnulls(pg_catalog.set_config($1, $2, true), pg_catalog.set_config($3, $4, true))",
    );
    expect(statement.values).toEqual(["role", "anon", "request.method", "GET"]);
  });

  it("names one statement per number of settings", () => {
    const one = callerSettingsStatement(["role", "anon"]);
    const again = callerSettingsStatement(["role", "authenticated"]);
    const two = callerSettingsStatement(["role", "anon", "search_path", "public"]);
    expect(again.name).toBe(one.name);
    expect(two.name).not.toBe(one.name);
  });

  it("stays within PostgreSQL's 100 arguments per function however many settings there are", () => {
    const pairs = Array.from({ length: 150 }, (_, index) => [`request.s${index}`, String(index)]).flat();
    const { text } = callerSettingsStatement(pairs);
    const calls = text.split("pg_catalog.num_nonnulls(").slice(1);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(call.match(/set_config/g)?.length).toBeLessThanOrEqual(100);
    expect(text).toContain("$299, $300, true)");
  });

  it.each([[[]], [["role"]]])("refuses %j: names and values come in pairs", (values) => {
    expect(() => callerSettingsStatement(values)).toThrow(RangeError);
  });
});
