// INSERT / upsert / UPDATE / DELETE as the `pgrst_source` CTE (PostgREST QueryBuilder.hs
// `mutatePlanToQuery`). The payload is one bind parameter, exploded by json(b)_to_recordset: the
// caller adds it and passes its placeholder, so a remembered statement binds each request's body.

import type { Column, Table } from "../schema-cache/types.ts";
import { ident, qualified, type Params } from "./params.ts";

export type Returning = "minimal" | "keys" | "all";

function returningSql(table: Table, returning: Returning): string {
  if (returning === "minimal") return "RETURNING 1";
  if (returning === "keys")
    return `RETURNING ${table.primaryKey.length === 0 ? "1" : table.primaryKey.map((k) => `${ident(table.name)}.${ident(k)}`).join(", ")}`;
  return `RETURNING ${ident(table.name)}.*`;
}

const definition = (columns: readonly Column[]) => columns.map((c) => `${ident(c.name)} ${c.type}`).join(", ");

const INSERTED_COUNTER = (delta: "+" | "-") =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${delta} 1)::text, true) IS NOT NULL`;

export interface InsertOptions {
  readonly columns: readonly Column[];
  /** The placeholder of the payload parameter: a JSON array of the rows. */
  readonly payload: string;
  readonly missingDefault: boolean;
  /** Conflict target and action for upserts. */
  readonly conflict?: { readonly target: readonly string[]; readonly action: "merge" | "ignore" };
  /** PUT: the URL's key values the payload must match. */
  readonly putKey?: readonly (readonly [string, string])[];
  readonly returning: Returning;
  /**
   * Count the rows inserted rather than merged in `pgrst.inserted` (read back by `INSERTED_SQL`):
   * only a PUT or a `merge-duplicates` upsert needs it for its status, and only those set it
   * (PostgREST QueryBuilder.hs `addConfigPgrstInserted`).
   */
  readonly countsInserted: boolean;
}

/**
 * The rows of a `missing=default` payload as PostgREST builds them (QueryBuilder.hs `fromJsonBodyF`
 * with defaults): every element is merged over an object of ALL the listed columns' defaults, so a
 * default such as `nextval` runs once per row whether or not the row has the key — sequences advance
 * exactly as upstream's — and the merged array is then read by `jsonb_to_recordset`.
 */
function withDefaults(columns: readonly Column[], payload: string, p: Params): string {
  const defaults = columns
    .filter((c) => c.defaultExpr !== null)
    .map((c) => `${p.add(c.name)}::text, ${c.defaultExpr}`)
    .join(", ");
  const merged = `(SELECT jsonb_agg(jsonb_build_object(${defaults}) || pgrst_elem) AS val FROM jsonb_array_elements(${payload}::jsonb) AS pgrst_elem) AS pgrst_json_defs`;
  return `${merged}, LATERAL jsonb_to_recordset(pgrst_json_defs.val) AS pgrst_body(${definition(columns)})`;
}

export function insertSql(table: Table, options: InsertOptions, p: Params): string {
  const { columns } = options;
  const names = columns.map((c) => ident(c.name)).join(", ");
  const target = qualified(table.schema, table.name);
  let source: string;
  const { payload } = options;
  if (options.missingDefault && columns.length > 0) {
    source = `SELECT ${columns.map((c) => `pgrst_body.${ident(c.name)}`).join(", ")} FROM ${withDefaults(columns, payload, p)}`;
  } else if (columns.length === 0) {
    source = `SELECT FROM json_array_elements(${payload}::json)`;
  } else {
    source = `SELECT ${columns.map((c) => `pgrst_body.${ident(c.name)}`).join(", ")} FROM json_to_recordset(${payload}::json) AS pgrst_body(${definition(columns)})`;
  }
  const where = [
    ...(options.countsInserted ? [INSERTED_COUNTER("+")] : []),
    ...(options.putKey ?? []).map(([k, v]) => `pgrst_body.${ident(k)} = ${p.add(v)}`),
  ];
  if (where.length > 0) source += ` WHERE ${where.join(" AND ")}`;
  let sql = `INSERT INTO ${target}${columns.length > 0 ? ` (${names})` : ""} ${source}`;
  if (options.conflict) {
    const conflictTarget = `(${options.conflict.target.map(ident).join(", ")})`;
    sql +=
      options.conflict.action === "ignore" || columns.length === 0
        ? ` ON CONFLICT ${conflictTarget} DO NOTHING`
        : ` ON CONFLICT ${conflictTarget} DO UPDATE SET ${columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(", ")}${options.countsInserted ? ` WHERE ${INSERTED_COUNTER("-")}` : ""}`;
  }
  return `${sql} ${returningSql(table, options.returning)}`;
}

/** `payload`: the placeholder of the payload parameter, a JSON object of the new values. */
export function updateSql(
  table: Table,
  columns: readonly Column[],
  payload: string,
  where: readonly string[],
  returning: Returning,
): string {
  const body = `(SELECT * FROM json_to_record(${payload}::json) AS pgrst_body(${definition(columns)})) AS pgrst_body`;
  const sets = columns.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(", ");
  return `UPDATE ${qualified(table.schema, table.name)} SET ${sets} FROM ${body}${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""} ${returningSql(table, returning)}`;
}

export function deleteSql(table: Table, where: readonly string[], returning: Returning): string {
  return `DELETE FROM ${qualified(table.schema, table.name)}${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""} ${returningSql(table, returning)}`;
}

export const INSERTED_SQL = "nullif(current_setting('pgrst.inserted', true), '')::int AS response_inserted";
