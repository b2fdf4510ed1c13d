import { describe, expect, it } from "vitest";
import { RestProblem } from "../errors.ts";
import { compareOverloads } from "../schema-cache/functions.ts";
import { qualifiedKey, type FunctionParam, type RestFunction, type SchemaCache } from "../schema-cache/types.ts";
import { findFunction, type BodyFlavor } from "./find-function.ts";

const param = (name: string, type: string, required = true): FunctionParam => ({
  name,
  type,
  required,
  variadic: false,
});

function fn(name: string, params: FunctionParam[], singleUnnamed?: string): RestFunction {
  return {
    schema: "public",
    name,
    params,
    description: null,
    returnType: "text",
    returnsSet: false,
    returnKind: "scalar",
    volatility: "v",
    ...(singleUnnamed === undefined ? {} : { singleUnnamed }),
  };
}

function cacheOf(...fns: RestFunction[]): SchemaCache {
  const functions = new Map<string, RestFunction[]>();
  for (const f of fns) functions.set(qualifiedKey(f), [...(functions.get(qualifiedKey(f)) ?? []), f]);
  for (const list of functions.values()) list.sort(compareOverloads);
  return {
    tables: new Map(),
    relationships: new Map(),
    functions,
    roleSettings: new Map(),
    timezones: new Set(),
    dbConfig: {},
    aggregatesEnabled: false,
  };
}

function problem(call: () => unknown) {
  try {
    call();
  } catch (error) {
    if (error instanceof RestProblem) return error.body;
    throw error;
  }
  throw new Error("no problem raised");
}

const cache = cacheOf(
  fn("f", [param("a", "integer"), param("b", "integer", false)]),
  fn("f", [param("a", "integer")]),
  fn("g", [param("", "jsonb")], "jsonb"),
  fn("g", [param("", "text")], "text"),
  fn("none", []),
);

describe("findFunction", () => {
  it.each<[string, string, string[], BodyFlavor, string]>([
    ["a default's name picks the longer overload", "f", ["a", "b"], "json", "f(a,b)"],
    ["JSON goes to the jsonb parameter", "g", ["x"], "json", "g(jsonb)"],
    ["text/plain goes to the text parameter", "g", [], "text", "g(text)"],
    ["no keys call the parameterless function", "none", [], "json", "none()"],
  ])("%s", (_name, name, keys, flavor, expected) => {
    const found = findFunction(cache, "public", name, keys, flavor);
    expect(`${found.name}(${found.params.map((p) => p.name || p.type).join(",")})`).toBe(expected);
  });

  it("lists ambiguous overloads fewest parameters first", () => {
    expect(problem(() => findFunction(cache, "public", "f", ["a"], "json"))).toMatchObject({
      code: "PGRST203",
      status: 300,
      message:
        "Could not choose the best candidate function between: public.f(a => integer), public.f(a => integer, b => integer)",
    });
  });

  it.each<[string, string, string[], BodyFlavor, string, string]>([
    [
      "GET never reaches a raw-body function",
      "g",
      [],
      "none",
      "Could not find the function public.g without parameters in the schema cache",
      "Searched for the function public.g without parameters, but no matches were found in the schema cache.",
    ],
    [
      "a raw XML body names only the unnamed parameter it looked for",
      "none",
      [],
      "xml",
      "Could not find the function public.none in the schema cache",
      "Searched for the function public.none with a single unnamed xml parameter, but no matches were found in the schema cache.",
    ],
  ])("PGRST202: %s", (_name, name, keys, flavor, message, details) => {
    expect(problem(() => findFunction(cache, "public", name, keys, flavor))).toMatchObject({
      code: "PGRST202",
      status: 404,
      message,
      details,
    });
  });
});
