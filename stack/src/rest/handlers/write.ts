// POST/PUT/PATCH/DELETE on a table or view (PostgREST Plan.hs `mutateReadPlan`, Response.hs
// `createResponse`/`updateResponse`/`deleteResponse`).

import type { Database } from "../../db/index.ts";
import type { ServiceRequest } from "../../gateway/index.ts";
import { errors } from "../errors.ts";
import type { Filter } from "../parse/index.ts";
import { filterSql, logicSql } from "../plan/filters.ts";
import { buildReadTree } from "../plan/read-tree.ts";
import type { Column, Table } from "../schema-cache/types.ts";
import { deleteSql, insertSql, INSERTED_SQL, updateSql, type Returning } from "../sql/mutation-sql.ts";
import { ident, Params } from "../sql/params.ts";
import { nodeSelect } from "../sql/select-sql.ts";
import { mainStatement, type StatementRow } from "../sql/statement.ts";
import { runStatement } from "./execute.ts";
import { explainAnswer } from "./explain.ts";
import { bodyKind, negotiate } from "./negotiate.ts";
import { parsePayload } from "./payload.ts";
import type { RestRequest, RestSettings } from "./request-context.ts";
import { applyResponseGucs, withPreferences, type Answer } from "./respond.ts";

function payloadColumns(table: Table, keys: readonly string[]): Column[] {
  return keys.map((key) => {
    const column = table.columnsByName.get(key);
    if (!column) throw errors.unknownColumn(key, table.name);
    return column;
  });
}

function putKey(table: Table, filters: readonly Filter[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (const f of filters) {
    const op = f.operation;
    if (
      f.negated ||
      f.field.jsonPath.length > 0 ||
      op.operator !== "eq" ||
      ("quantifier" in op && op.quantifier !== undefined)
    )
      throw errors.invalidPutFilters();
    pairs.push([f.field.name, op.value]);
  }
  const names = pairs.map(([k]) => k);
  if (
    table.primaryKey.length === 0 ||
    names.length !== table.primaryKey.length ||
    !table.primaryKey.every((k) => names.includes(k))
  )
    throw errors.invalidPutFilters();
  return pairs;
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
  const media = negotiate(parsed.accept, request.config.planEnabled);
  const representation = ret === "representation";
  const returning: Returning = representation
    ? "all"
    : ret === "headers-only" && method === "POST"
      ? "keys"
      : "minimal";
  const rootFilters = parsed.filters.filter((f) => f.path.length === 0).map((f) => f.value);
  const rootLogic = parsed.logic.filter((l) => l.path.length === 0).map((l) => l.value);
  const p = new Params();
  const where = () => [
    ...rootFilters.map((f) => filterSql(table.name, f, table, p)),
    ...rootLogic.map((t) => logicSql(t, (f) => filterSql(table.name, f, table, p))),
  ];
  const text = method === "DELETE" ? "" : await requestBody.text();
  const payload =
    method === "DELETE" ? undefined : parsePayload(text, parsed.contentType, parsed.columns !== undefined);
  const keys = parsed.columns ?? payload?.keys ?? [];
  const columns = payload ? payloadColumns(table, keys) : [];
  let source: string;
  let resolutionApplied = false;
  if (method === "POST" || method === "PUT") {
    const rows = payload?.rows ?? [];
    const key = method === "PUT" ? putKey(table, rootFilters) : undefined;
    if (method === "PUT" && (rootLogic.length > 0 || rows.length !== 1)) throw errors.invalidPutFilters();
    const target = parsed.onConflict ?? table.primaryKey;
    const resolution = method === "PUT" ? "merge-duplicates" : prefs.resolution;
    resolutionApplied = method === "POST" && resolution !== undefined && target.length > 0;
    source = insertSql(
      table,
      {
        columns: columns.filter((col) => !(col.generated && prefs.missing === "default")),
        rows,
        missingDefault: prefs.missing === "default",
        returning,
        ...(resolution !== undefined && target.length > 0
          ? { conflict: { target, action: resolution === "ignore-duplicates" ? "ignore" : "merge" } }
          : {}),
        ...(key ? { putKey: key } : {}),
      },
      p,
    );
  } else if (method === "PATCH") {
    if (rootFilters.length === 0 && rootLogic.length === 0) throw errors.safeUpdate("UPDATE");
    // `{}` updates nothing, whatever the filters (upstream); no parameter may go unused.
    source =
      columns.length === 0
        ? `SELECT ${representation ? `${ident(table.name)}.*` : "1"} FROM ${ident(table.schema)}.${ident(table.name)} WHERE FALSE`
        : updateSql(table, columns, payload?.rows[0] ?? {}, where(), returning, p);
  } else {
    const conditions = where();
    if (conditions.length === 0) throw errors.safeUpdate("DELETE");
    source = deleteSql(table, conditions, returning);
  }

  const tree = representation
    ? buildReadTree(request.cache, table, table, table.name, parsed, { maxRows: undefined, applyScoped: false })
    : undefined;
  const rowsSql = tree
    ? nodeSelect(tree, p, { from: `pgrst_source AS ${ident(table.name)}` })
    : returning === "keys"
      ? "SELECT * FROM pgrst_source"
      : "SELECT 1 FROM pgrst_source";
  const sql = mainStatement({
    source,
    rows: rowsSql,
    body: representation ? bodyKind(media) : returning === "keys" ? "json" : "none",
    extra: [INSERTED_SQL],
  });
  if (media.plan) return explainAnswer(db, request, sql, p.values, media.plan, false);
  const strictMaxAffected = prefs.handling === "strict" && prefs.maxAffected !== undefined;
  const row = await runStatement(db, request, sql, p.values, {
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
  const answer: Answer = { status, body: representation ? row.body : method === "POST" ? "" : null, headers };
  const families = ["resolution", "missing", "return", "count", "tx", "handling", "timezone", "maxAffected"] as const;
  withPreferences(answer, { ...prefs, ...(resolutionApplied ? {} : { resolution: undefined }) } as typeof prefs, [
    ...families,
  ]);
  return applyResponseGucs(answer, row);
}
