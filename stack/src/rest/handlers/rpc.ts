// /rpc/fn over GET, HEAD and POST (PostgREST Plan.hs `callReadPlan`, QueryBuilder.hs `callPlanToQuery`):
// arguments bound as parameters, results shaped by the read layer.

import type { Database } from "../../db/index.ts";
import type { ServiceRequest } from "../../gateway/index.ts";
import { createBodyShapeMemo } from "../compiled/body-shape-memo.ts";
import { errors } from "../errors.ts";
import { qualifiedKey } from "../schema-cache/types.ts";
import type { StatementRow } from "../sql/statement.ts";
import { runStatement } from "./execute.ts";
import { explainAnswer } from "./explain.ts";
import type { RestRequest, RestSettings } from "./request-context.ts";
import { applyResponseGucs, contentRange, withPreferences, type Answer } from "./respond.ts";
import { readArgs } from "./rpc-args.ts";
import { bindCall, compileCall, type CompiledCall } from "./rpc-statement.ts";

/**
 * Calls of the same shape (parse, function name, argument keys, body kind) under the same schema
 * cache share their statement. Form and CSV fields are bound one by one, so those calls are built
 * each time.
 */
const rememberedCall = createBodyShapeMemo<CompiledCall>();

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
  const compile = () => compileCall(request, fnName, args, flavor, config);
  const compiled = args.textFromBody
    ? compile()
    : rememberedCall(parsed, cache, JSON.stringify([fnName, args.keys, flavor]), compile);
  const { fn, media, sql } = compiled;
  const values = bindCall(compiled, args);
  const prefs = parsed.preferences;
  const readOnly = request.method !== "POST" || fn.volatility !== "v";
  if (media.plan) return explainAnswer(db, request, sql, values, media.plan, readOnly);
  const singular = media.kind === "object" && fn.returnsSet;
  const strictMaxAffected = prefs.handling === "strict" && prefs.maxAffected !== undefined;
  const row = await runStatement(db, request, sql, values, {
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
