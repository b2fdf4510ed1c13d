// Overload resolution for /rpc/fn (PostgREST Plan.hs `findProc`): functions whose parameters the
// argument keys fit — a single unnamed parameter is named "" there, so `{"": value}` (or no key, when
// it has a default) fits it as any other parameter; failing those, on POST, the one function whose
// single unnamed parameter takes the raw body's type. PGRST202 when nothing matches, PGRST203 (300)
// when several do.

import { RestProblem } from "../errors.ts";
import type { RestFunction, SchemaCache } from "../schema-cache/types.ts";
import { qualifiedKey } from "../schema-cache/types.ts";
import { closest, similarity } from "./fuzzy.ts";

/**
 * What a call's body can feed to a single unnamed parameter: a POST's JSON, text/plain, text/xml or
 * octet-stream body; `none` for GET/HEAD and form or CSV bodies.
 */
export type BodyFlavor = "json" | "text" | "xml" | "bytea" | "none";

const RAW_ONLY: ReadonlySet<BodyFlavor> = new Set(["text", "xml", "bytea"]);

function matches(fn: RestFunction, keys: ReadonlySet<string>, flavor: BodyFlavor): boolean {
  if (fn.params.length === 0) return keys.size === 0 && !RAW_ONLY.has(flavor);
  const required = fn.params.filter((p) => p.required).map((p) => p.name);
  const optional = new Set(fn.params.filter((p) => !p.required).map((p) => p.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.length && required.every((r) => keys.has(r));
}

const SINGLE: Record<BodyFlavor, readonly string[]> = {
  json: ["json", "jsonb"],
  text: ["text"],
  xml: ["xml"],
  bytea: ["bytea"],
  none: [],
};

const show = (fn: RestFunction) =>
  `${fn.schema}.${fn.name}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(", ")})`;

/** `(a, b, c)`: a parameter list sorted, as PostgREST compares them for its hint. */
const listText = (names: readonly string[]) => `(${[...names].sort().join(", ")})`;

/** PostgREST `noRpcHint`: a similar function name, or the overload whose parameters look most like the keys. */
function noMatchHint(cache: SchemaCache, schema: string, name: string, keys: readonly string[]): string | null {
  const candidates = cache.functions.get(qualifiedKey({ schema, name })) ?? [];
  if (candidates.length === 0) {
    const names = [...cache.functions.values()].flat().filter((f) => f.schema === schema);
    const suggestion = closest(
      name,
      names.map((f) => f.name),
      0.75,
    );
    return suggestion === undefined ? null : `Perhaps you meant to call the function ${schema}.${suggestion}`;
  }
  const wanted = listText(keys);
  let best: string | undefined;
  let score = 0.33;
  for (const list of candidates.map((fn) => listText(fn.params.map((p) => p.name)))) {
    const s = list === wanted ? 1 : similarity(wanted, list);
    if (s >= score) [best, score] = [list, s];
  }
  return best === undefined ? null : `Perhaps you meant to call the function ${schema}.${name}${best}`;
}

function noMatch(cache: SchemaCache, schema: string, name: string, keys: readonly string[], flavor: BodyFlavor) {
  const sorted = [...keys].sort();
  const rawOnly = RAW_ONLY.has(flavor);
  const listed = sorted.length === 0 ? " without parameters" : `(${sorted.join(", ")})`;
  const searched =
    sorted.length === 0 ? " without parameters" : ` with parameter${sorted.length > 1 ? "s" : ""} ${sorted.join(", ")}`;
  const details = rawOnly
    ? ` with a single unnamed ${flavor} parameter`
    : `${searched}${flavor === "json" ? " or with a single unnamed json/jsonb parameter" : ""}`;
  return new RestProblem({
    code: "PGRST202",
    status: 404,
    message: `Could not find the function ${schema}.${name}${rawOnly ? "" : listed} in the schema cache`,
    details: `Searched for the function ${schema}.${name}${details}, but no matches were found in the schema cache.`,
    hint: rawOnly ? null : noMatchHint(cache, schema, name, sorted),
  });
}

/**
 * The function `/rpc/name` calls with these argument keys and this kind of body.
 * @example findFunction(cache, "public", "add", ["a"], "json") // add(a int, b int default 1)
 */
export function findFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: readonly string[],
  flavor: BodyFlavor,
): RestFunction {
  const candidates = cache.functions.get(qualifiedKey({ schema, name })) ?? [];
  const keySet = new Set(keys);
  const named = candidates.filter((fn) => matches(fn, keySet, flavor));
  const found =
    named.length > 0
      ? named
      : candidates.filter((fn) => fn.singleUnnamed !== undefined && SINGLE[flavor].includes(fn.singleUnnamed));
  if (found.length === 1 && found[0]) return found[0];
  if (found.length > 1)
    throw new RestProblem({
      code: "PGRST203",
      status: 300,
      message: `Could not choose the best candidate function between: ${found.map(show).join(", ")}`,
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    });
  throw noMatch(cache, schema, name, keys, flavor);
}
