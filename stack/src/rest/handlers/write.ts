// POST/PUT/PATCH/DELETE on a table or view (PostgREST Plan.hs `mutateReadPlan`, Response.hs
// `createResponse`/`updateResponse`/`deleteResponse`).

import type { Database } from "../../db/index.ts";
import type { ServiceRequest } from "../../gateway/index.ts";
import { createBodyShapeMemo } from "../compiled/body-shape-memo.ts";
import { createShapeMemo } from "../compiled/shape-memo.ts";
import { errors } from "../errors.ts";
import type { Table } from "../schema-cache/types.ts";
import type { StatementRow } from "../sql/statement.ts";
import { runStatement } from "./execute.ts";
import { explainAnswer } from "./explain.ts";
import { negotiate, type Negotiated } from "./negotiate.ts";
import { parsePayload, type Payload } from "./payload.ts";
import type { RestRequest, RestSettings } from "./request-context.ts";
import { applyResponseGucs, type Answer } from "./respond.ts";
import { compileWrite, type BodyShape, type CompiledWrite } from "./write-statement.ts";

/** Writes of the same shape (parse, table, written columns) under the same schema cache share their statement. */
const rememberedWrite = createBodyShapeMemo<CompiledWrite>();

/** The answer's media type per parse and table: `Accept` and the in-database settings decide it. */
const rememberedMedia = createShapeMemo<Negotiated>();

/**
 * The payload parameter: the body itself when it is the JSON the rows were parsed from (an object
 * becomes a one-element array for an insert), else the parsed rows as JSON (CSV, urlencoded).
 */
function payloadValue(payload: Payload, rows: "all" | "first"): string {
  if (rows === "all") {
    if (payload.json === undefined) return JSON.stringify(payload.rows);
    return payload.isArray ? payload.json : `[${payload.json}]`;
  }
  if (payload.json !== undefined && !payload.isArray) return payload.json;
  return JSON.stringify(payload.rows[0] ?? {});
}

/** The statement's bind values: the remembered ones with this request's payload in its slot. */
function bindValues(compiled: CompiledWrite, payload: Payload | undefined): readonly unknown[] {
  if (compiled.payload === undefined || payload === undefined) return compiled.values;
  const values = [...compiled.values];
  values[compiled.payload.slot] = payloadValue(payload, compiled.payload.rows);
  return values;
}

export async function writeRelation(
  db: Database,
  request: RestRequest,
  table: Table,
  requestBody: Pick<ServiceRequest, "text" | "bytes">,
  config: RestSettings,
): Promise<Answer> {
  const { parsed, method } = request;
  const prefs = parsed.preferences;
  const ret = prefs.return ?? "minimal";
  const media = rememberedMedia(parsed, table, () => negotiate(parsed.accept, request.config.planEnabled));
  const payload =
    method === "DELETE"
      ? undefined
      : parsePayload(await requestBody.text(), parsed.contentType, parsed.columns !== undefined);
  const body: BodyShape = {
    keys: payload === undefined ? undefined : (parsed.columns ?? payload.keys),
    singleRow: payload?.rows.length === 1,
  };
  // The settings that shape the statement come with the schema cache the parse belongs to.
  const compiled = rememberedWrite(parsed, table, JSON.stringify([body.keys ?? null, body.singleRow]), () =>
    compileWrite(request, table, media, body),
  );
  const { sql, representation, resolutionApplied } = compiled;
  const values = bindValues(compiled, payload);
  if (media.plan) return explainAnswer(db, request, sql, [...values], media.plan, false);
  const strictMaxAffected = prefs.handling === "strict" && prefs.maxAffected !== undefined;
  const row = await runStatement(db, request, sql, values, {
    readOnly: false,
    ...(method === "PUT" || (representation && media.kind === "object") || strictMaxAffected
      ? {
          after(result: StatementRow) {
            const n = Number(result.page_total);
            if (method === "PUT" && n !== 1) throw errors.putKeyMismatch();
            if (representation && media.kind === "object" && n !== 1) throw errors.singular(n);
            if (strictMaxAffected && n > (prefs.maxAffected ?? n)) throw errors.maxAffected(n);
          },
        }
      : {}),
  });
  const n = Number(row.page_total);
  const inserted = Number(row.response_inserted ?? 0);
  const headers: Record<string, string> = {};
  if (representation) headers["Content-Type"] = media.contentType;
  if (representation && (config.schemas.length > 1 || request.profileSent)) headers["Content-Profile"] = request.schema;
  const total = prefs.count !== undefined ? String(n) : "*";
  let status: number;
  if (method === "POST") {
    status = prefs.resolution === "merge-duplicates" && resolutionApplied && inserted === 0 ? 200 : 201;
    headers["Content-Range"] = `*/${total}`;
    if (ret === "headers-only" && n === 1 && table.primaryKey.length > 0 && row.body !== null) {
      const [keyRow] = JSON.parse(row.body) as Record<string, unknown>[];
      const query = table.primaryKey
        .map((k) => (keyRow?.[k] === null ? `${k}=is.null` : `${k}=eq.${String(keyRow?.[k])}`))
        .join("&");
      headers.Location = `/${table.name}?${query}`;
    }
  } else if (method === "PUT") {
    status = representation ? (inserted > 0 ? 201 : 200) : 204;
  } else {
    status = representation ? 200 : 204;
    headers["Content-Range"] = method === "PATCH" && n > 0 ? `0-${n - 1}/${total}` : `*/${total}`;
  }
  if (compiled.preferenceApplied !== undefined) headers["Preference-Applied"] = compiled.preferenceApplied;
  const answer: Answer = { status, body: representation ? row.body : method === "POST" ? "" : null, headers };
  return applyResponseGucs(answer, row);
}
