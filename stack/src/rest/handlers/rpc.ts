// /rpc/fn over GET, HEAD and POST (PostgREST Plan.hs `callReadPlan`, QueryBuilder.hs `callPlanToQuery`):
// arguments bound as parameters, results shaped by the read layer.

import type { Database } from "../../db/index.ts";
import type { ServiceRequest } from "../../gateway/index.ts";
import { errors } from "../errors.ts";
import { findFunction, type BodyFlavor } from "../plan/find-function.ts";
import { buildReadTree } from "../plan/read-tree.ts";
import { qualifiedKey, type RestFunction } from "../schema-cache/types.ts";
import { arrayLiteral, ident, qualified, Params } from "../sql/params.ts";
import { nodeSelect } from "../sql/select-sql.ts";
import { mainStatement, type StatementRow } from "../sql/statement.ts";
import { exactCountSql } from "./count.ts";
import { runStatement } from "./execute.ts";
import { explainAnswer } from "./explain.ts";
import { bodyKind, negotiate } from "./negotiate.ts";
import { parsePayload } from "./payload.ts";
import type { RestRequest, RestSettings } from "./request-context.ts";
import { applyResponseGucs, contentRange, withPreferences, type Answer } from "./respond.ts";

interface Args {
  keys: string[];
  json?: Record<string, unknown>;
  text?: Map<string, string[]>;
  /** The body for a single unnamed parameter: text (json, text, xml) or bytes (bytea). */
  raw?: string | Buffer;
}

async function readArgs(
  request: RestRequest,
  requestBody: Pick<ServiceRequest, "text" | "bytes">,
): Promise<{ args: Args; flavor: BodyFlavor }> {
  const { parsed } = request;
  if (request.method !== "POST") {
    const text = new Map<string, string[]>();
    for (const [k, v] of parsed.rpcArgs) text.set(k, [...(text.get(k) ?? []), v]);
    return { args: { keys: [...text.keys()], text }, flavor: "none" };
  }
  const ct = parsed.contentType;
  if (ct.kind === "octet-stream") return { args: { keys: [], raw: await requestBody.bytes() }, flavor: "bytea" };
  const body = await requestBody.text();
  if (ct.kind === "text" || ct.kind === "xml") return { args: { keys: [], raw: body }, flavor: ct.kind };
  const payload = parsePayload(body, ct, parsed.columns !== undefined, true);
  if (payload.raw !== undefined) return { args: { keys: [], raw: JSON.stringify(payload.raw) }, flavor: "json" };
  const json = payload.rows[0] ?? {};
  if (ct.kind === "urlencoded" || ct.kind === "csv") {
    const text = new Map<string, string[]>(Object.entries(json).map(([k, v]) => [k, [String(v)]]));
    return { args: { keys: parsed.columns ? [...parsed.columns] : [...text.keys()], text }, flavor: "none" };
  }
  return {
    args: {
      keys: parsed.columns ? [...parsed.columns] : Object.keys(json),
      json,
      raw: body.trim() === "" ? "{}" : body,
    },
    flavor: "json",
  };
}

function callSql(fn: RestFunction, args: Args, p: Params): { call: string; from: string } {
  const name = qualified(fn.schema, fn.name);
  if (fn.singleUnnamed !== undefined)
    return { call: `${name}(${p.add(args.raw ?? "{}")}::${fn.singleUnnamed})`, from: "" };
  const used = fn.params.filter((param) => args.keys.includes(param.name));
  if (args.json !== undefined && used.length > 0) {
    const definition = used.map((param) => `${ident(param.name)} ${param.type}`).join(", ");
    const named = used
      .map((param) => `${param.variadic ? "VARIADIC " : ""}${ident(param.name)} := pgrst_args.${ident(param.name)}`)
      .join(", ");
    const picked = Object.fromEntries(used.map((param) => [param.name, args.json?.[param.name] ?? null]));
    return {
      call: `${name}(${named})`,
      from: `json_to_record(${p.add(JSON.stringify(picked))}::json) AS pgrst_args(${definition})`,
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

export async function callFunction(
  db: Database,
  request: RestRequest,
  fnName: string,
  requestBody: Pick<ServiceRequest, "text" | "bytes">,
  config: RestSettings,
): Promise<Answer> {
  const { parsed, cache } = request;
  if (request.method === "OPTIONS") {
    const fns = cache.functions.get(qualifiedKey({ schema: request.schema, name: fnName })) ?? [];
    return {
      status: 200,
      body: "",
      headers: {
        Allow: fns.every((f) => f.volatility === "v") && fns.length > 0 ? "OPTIONS,POST" : "OPTIONS,GET,HEAD,POST",
      },
    };
  }
  const { args, flavor } = await readArgs(request, requestBody);
  const fn = findFunction(cache, request.schema, fnName, args.keys, flavor);
  const prefs = parsed.preferences;
  if (prefs.handling === "strict" && prefs.maxAffected !== undefined && !fn.returnsSet) throw errors.maxAffectedRpc();
  const media = negotiate(parsed.accept, request.config.planEnabled);
  const head = request.method === "HEAD";
  const p = new Params();
  const { call, from } = callSql(fn, args, p);
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
  const body =
    head || fn.returnKind === "void" ? "none" : scalar ? (fn.returnsSet ? "scalar-set" : "scalar") : setOrObject;
  const sql = mainStatement({ source, ...(rows ? { rows } : {}), body, ...(count ? { count } : {}) });
  const readOnly = request.method !== "POST" || fn.volatility !== "v";
  if (media.plan) return explainAnswer(db, request, sql, p.values, media.plan, readOnly);
  const singular = media.kind === "object" && fn.returnsSet;
  const strictMaxAffected = prefs.handling === "strict" && prefs.maxAffected !== undefined;
  const row = await runStatement(db, request, sql, p.values, {
    readOnly,
    ...(singular || strictMaxAffected
      ? {
          after(result: StatementRow) {
            const n = Number(result.page_total);
            if (singular && n !== 1) throw errors.singular(n);
            if (strictMaxAffected && n > (prefs.maxAffected ?? n)) throw errors.maxAffected(n);
          },
        }
      : {}),
  });
  const n = Number(row.page_total);
  const total = row.total_result_set === null ? undefined : Number(row.total_result_set);
  const offset = parsed.range.offset;
  if (total !== undefined && offset > total && offset !== 0) throw errors.offsetOutOfRange(offset, total);
  if (fn.returnKind === "void")
    return applyResponseGucs(
      withPreferences({ status: 204, body: null, headers: {} }, prefs, ["count", "tx", "handling", "timezone"]),
      row,
    );
  const answer: Answer = {
    status: total !== undefined && n < total ? 206 : 200,
    body: row.body,
    headers: {
      "Content-Type": media.contentType,
      "Content-Range": contentRange(offset, n, total),
      ...(config.schemas.length > 1 || request.profileSent ? { "Content-Profile": request.schema } : {}),
    },
  };
  return applyResponseGucs(withPreferences(answer, prefs, ["count", "tx", "handling", "timezone", "maxAffected"]), row);
}
