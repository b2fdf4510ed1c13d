// What a call's shape decides (PostgREST Plan.hs `callReadPlan`, QueryBuilder.hs `callPlanToQuery`):
// the function, the main statement and its bind values but the body's. It depends on the parse,
// the function's name and the body's shape (its keys and kind) — never on a JSON or raw body's
// values, which are bound per request into one slot — so `rpc.ts` remembers it per shape.

import { errors } from "../errors.ts";
import { findFunction, type BodyFlavor } from "../plan/find-function.ts";
import { buildReadTree } from "../plan/read-tree.ts";
import { qualifiedKey, type RestFunction } from "../schema-cache/types.ts";
import { arrayLiteral, ident, qualified, Params } from "../sql/params.ts";
import { nodeSelect } from "../sql/select-sql.ts";
import { mainStatement } from "../sql/statement.ts";
import type { Args } from "./rpc-args.ts";
import { exactCountSql } from "./count.ts";
import { bodyKind, negotiate, type Negotiated } from "./negotiate.ts";
import type { RestRequest, RestSettings } from "./request-context.ts";

export interface CompiledCall {
  readonly fn: RestFunction;
  readonly media: Negotiated;
  readonly sql: string;
  /** The bind values; the body's slot, if any, is filled per request. */
  readonly values: readonly unknown[];
  /**
   * Where the body goes: `json` — the named arguments as one JSON object (those of `params`);
   * `raw` — the whole body, for a single unnamed parameter.
   */
  readonly slot?: { readonly index: number; readonly kind: "json" | "raw"; readonly params: readonly string[] };
}

/** The call expression and the FROM item its JSON arguments come from. */
function callSql(fn: RestFunction, args: Args, p: Params): { call: string; from: string; slot?: CompiledCall["slot"] } {
  const name = qualified(fn.schema, fn.name);
  if (fn.singleUnnamed !== undefined) {
    const placeholder = p.add(undefined);
    return {
      call: `${name}(${placeholder}::${fn.singleUnnamed})`,
      from: "",
      slot: { index: p.values.length - 1, kind: "raw", params: [] },
    };
  }
  const used = fn.params.filter((param) => args.keys.includes(param.name));
  if (args.json !== undefined && used.length > 0) {
    const definition = used.map((param) => `${ident(param.name)} ${param.type}`).join(", ");
    const named = used
      .map((param) => `${param.variadic ? "VARIADIC " : ""}${ident(param.name)} := pgrst_args.${ident(param.name)}`)
      .join(", ");
    const placeholder = p.add(undefined);
    return {
      call: `${name}(${named})`,
      from: `json_to_record(${placeholder}::json) AS pgrst_args(${definition})`,
      slot: { index: p.values.length - 1, kind: "json", params: used.map((param) => param.name) },
    };
  }
  const named = used.map((param) => {
    const values = args.text?.get(param.name) ?? [];
    const value = param.variadic
      ? values.length === 1 && values[0]?.startsWith("{")
        ? values[0]
        : arrayLiteral(values)
      : (values[0] ?? "");
    return `${param.variadic ? "VARIADIC " : ""}${ident(param.name)} := ${p.add(value)}::${param.type}`;
  });
  return { call: `${name}(${named.join(", ")})`, from: "" };
}

/** The statement of a call to `fnName` with `args`: the function's rows shaped by the read layer. */
export function compileCall(
  request: RestRequest,
  fnName: string,
  args: Args,
  flavor: BodyFlavor,
  config: RestSettings,
): CompiledCall {
  const { parsed, cache } = request;
  const fn = findFunction(cache, request.schema, fnName, args.keys, flavor);
  const prefs = parsed.preferences;
  if (prefs.handling === "strict" && prefs.maxAffected !== undefined && !fn.returnsSet) throw errors.maxAffectedRpc();
  const media = negotiate(parsed.accept, request.config.planEnabled);
  const p = new Params();
  const { call, from, slot } = callSql(fn, args, p);
  const scalar = fn.returnKind === "scalar" || fn.returnKind === "void";
  const lateral = from === "" ? "" : `${from}, LATERAL `;
  let source: string;
  let rows: string | undefined;
  let count: string | undefined;
  const alias = fn.name;
  const counted = prefs.count === "exact" || prefs.count === "estimated";
  if (scalar) {
    source = fn.returnsSet
      ? `SELECT pgrst_call AS pgrst_scalar FROM ${lateral}${call} AS pgrst_call`
      : `SELECT ${call} AS pgrst_scalar${from === "" ? "" : ` FROM ${from}`}`;
    if (fn.returnsSet) {
      const r = parsed.range;
      const limit = config.maxRows === undefined ? r.limit : Math.min(r.limit ?? config.maxRows, config.maxRows);
      rows = `SELECT * FROM pgrst_source${limit !== undefined ? ` LIMIT ${p.add(String(limit))}` : ""}${r.offset > 0 ? ` OFFSET ${p.add(String(r.offset))}` : ""}`;
    }
  } else {
    source = `SELECT pgrst_call.* FROM ${lateral}${call} AS pgrst_call`;
    const table = fn.returnRelation ? cache.tables.get(qualifiedKey(fn.returnRelation)) : undefined;
    const tree = buildReadTree(cache, table, fn.returnRelation ?? { schema: fn.schema, name: fn.name }, alias, parsed, {
      maxRows: config.maxRows,
    });
    rows = nodeSelect(tree, p, { from: `pgrst_source AS ${ident(alias)}` });
    if (counted)
      count = exactCountSql(nodeSelect(tree, p, { from: `pgrst_source AS ${ident(alias)}`, countOnly: true }));
  }
  // PostgREST counts calls (exact and estimated alike) over the filtered result, a single value as one row.
  if (counted && scalar) count = exactCountSql("SELECT 1 FROM pgrst_source");
  const setOrObject = fn.returnsSet
    ? bodyKind(media)
    : media.kind === "object"
      ? bodyKind(media)
      : media.kind === "csv"
        ? "csv"
        : "object";
  const head = request.method === "HEAD";
  const body =
    head || fn.returnKind === "void" ? "none" : scalar ? (fn.returnsSet ? "scalar-set" : "scalar") : setOrObject;
  const sql = mainStatement({ source, ...(rows ? { rows } : {}), body, ...(count ? { count } : {}) });
  return { fn, media, sql, values: Object.freeze(p.values), ...(slot ? { slot } : {}) };
}

/** The statement's bind values: the remembered ones with this request's body in its slot. */
export function bindCall(compiled: CompiledCall, args: Args): unknown[] {
  const values = [...compiled.values];
  const { slot } = compiled;
  // A GET has no body: PostgREST binds NULL for the single unnamed parameter (`singleParameter Nothing`).
  if (slot?.kind === "raw") values[slot.index] = args.raw ?? null;
  else if (slot?.kind === "json")
    values[slot.index] =
      args.jsonText ?? JSON.stringify(Object.fromEntries(slot.params.map((name) => [name, args.json?.[name] ?? null])));
  return values;
}
