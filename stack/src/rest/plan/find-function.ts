// Overload resolution for /rpc/fn (PostgREST Plan.hs `findProc`): PGRST202 when
// nothing matches, PGRST203 when several do.

import { RestProblem } from "../errors.ts";
import type { RestFunction, SchemaCache } from "../schema-cache/types.ts";
import { qualifiedKey } from "../schema-cache/types.ts";
import { closest } from "./fuzzy.ts";

export type BodyFlavor = "json" | "text" | "xml" | "bytea" | "none";

function matches(fn: RestFunction, keys: readonly string[]): boolean {
  if (fn.singleUnnamed !== undefined) return false;
  const required = fn.params.filter((p) => p.required).map((p) => p.name);
  const optional = fn.params.filter((p) => !p.required).map((p) => p.name);
  if (fn.params.length === 0) return keys.length === 0;
  if (optional.length === 0) return keys.length === required.length && required.every((r) => keys.includes(r));
  const rest = keys.filter((k) => !optional.includes(k));
  return (
    rest.length === required.length &&
    required.every((r) => rest.includes(r)) &&
    keys.every((k) => required.includes(k) || optional.includes(k))
  );
}

const SINGLE: Record<BodyFlavor, readonly string[]> = {
  json: ["json", "jsonb"],
  text: ["text"],
  xml: ["xml"],
  bytea: ["bytea"],
  none: ["json", "jsonb"],
};

export function findFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: readonly string[],
  flavor: BodyFlavor,
): RestFunction {
  const candidates = cache.functions.get(qualifiedKey({ schema, name })) ?? [];
  let found = candidates.filter((fn) => matches(fn, keys));
  if (found.length === 0)
    found = candidates.filter((fn) => fn.singleUnnamed !== undefined && SINGLE[flavor].includes(fn.singleUnnamed));
  if (found.length === 1 && found[0]) return found[0];
  if (found.length > 1) {
    const show = (fn: RestFunction) =>
      `${fn.schema}.${fn.name}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(", ")})`;
    throw new RestProblem({
      code: "PGRST203",
      status: 300,
      message: `Could not choose the best candidate function between: ${found.map(show).join(", ")}`,
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    });
  }
  const sorted = [...keys].sort();
  const withParams = sorted.length === 0 ? " without parameters" : `(${sorted.join(", ")})`;
  const searched =
    sorted.length === 0 ? "without parameters" : `with parameter${sorted.length > 1 ? "s" : ""} ${sorted.join(", ")}`;
  const unnamed = flavor === "json" || flavor === "none" ? " or with a single unnamed json/jsonb parameter" : "";
  const names = [...cache.functions.values()]
    .flat()
    .filter((f) => f.schema === schema)
    .map((f) => f.name);
  const suggestion = candidates.length === 0 ? closest(name, names, 0.75) : undefined;
  const paramHint = candidates[0]
    ? `${schema}.${name}(${candidates[0].params.map((p) => p.name).join(", ")})`
    : undefined;
  throw new RestProblem({
    code: "PGRST202",
    status: 404,
    message: `Could not find the function ${schema}.${name}${withParams} in the schema cache`,
    details: `Searched for the function ${schema}.${name} ${searched}${unnamed}, but no matches were found in the schema cache.`,
    hint:
      suggestion !== undefined
        ? `Perhaps you meant to call the function ${schema}.${suggestion}`
        : paramHint !== undefined
          ? `Perhaps you meant to call the function ${paramHint}`
          : null,
  });
}
