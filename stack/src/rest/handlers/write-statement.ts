// What a write's shape decides (PostgREST Plan.hs `mutateReadPlan`): the main statement, its bind
// values but the payload's, and how the answer is built. It depends on the parse, the table and the
// body's shape (the payload's keys, or `columns=`) — never on the body's values, which are bound per
// request into the payload's slot — so `write.ts` remembers it per shape.

import { errors } from "../errors.ts";
import { preferenceAppliedHeader, type Filter, type Preferences } from "../parse/index.ts";
import { filterSql, logicSql } from "../plan/filters.ts";
import { buildReadTree } from "../plan/read-tree.ts";
import type { Column, Table } from "../schema-cache/types.ts";
import { deleteSql, insertSql, INSERTED_SQL, updateSql, type Returning } from "../sql/mutation-sql.ts";
import { ident, Params } from "../sql/params.ts";
import { nodeSelect } from "../sql/select-sql.ts";
import { mainStatement } from "../sql/statement.ts";
import { bodyKind, type Negotiated } from "./negotiate.ts";
import type { RestRequest } from "./request-context.ts";

/** The parts of a body that decide its statement. */
export interface BodyShape {
  /** The columns written (`columns=` or the payload's keys); undefined without a payload (DELETE). */
  readonly keys: readonly string[] | undefined;
  /** Whether the payload is exactly one row (a PUT must be). */
  readonly singleRow: boolean;
}

export interface CompiledWrite {
  readonly sql: string;
  /** The bind values; the payload's slot, if any, is filled per request. */
  readonly values: readonly unknown[];
  /** Where the payload goes and what it holds: every row as a JSON array, or the first row's object. */
  readonly payload: { readonly slot: number; readonly rows: "all" | "first" } | undefined;
  readonly representation: boolean;
  /** Whether an upsert's resolution applies (POST with a resolution and a conflict target). */
  readonly resolutionApplied: boolean;
  /** `Preference-Applied` of the answer (it depends on the parse and the table only), or undefined. */
  readonly preferenceApplied: string | undefined;
}

/** What a write honours of `Prefer` (all it understood), `resolution` only where it applied. */
function appliedPreferences(prefs: Preferences, resolutionApplied: boolean): string | undefined {
  return preferenceAppliedHeader(resolutionApplied ? prefs : { ...prefs, resolution: undefined });
}

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

/** `Prefer: return=` as the mutation's RETURNING: everything, the keys (for `Location`), or a 1 per row. */
export function returningFor(request: RestRequest): Returning {
  const ret = request.parsed.preferences.return ?? "minimal";
  if (ret === "representation") return "all";
  return ret === "headers-only" && request.method === "POST" ? "keys" : "minimal";
}

/** The mutation as the `pgrst_source` CTE, its payload placed in a slot of `p`. */
function mutationSource(
  request: RestRequest,
  table: Table,
  body: BodyShape,
  p: Params,
): { source: string; payload: CompiledWrite["payload"]; resolutionApplied: boolean; countsInserted: boolean } {
  const { parsed, method } = request;
  const prefs = parsed.preferences;
  const returning = returningFor(request);
  const rootFilters = parsed.filters.filter((f) => f.path.length === 0).map((f) => f.value);
  const rootLogic = parsed.logic.filter((l) => l.path.length === 0).map((l) => l.value);
  const where = () => [
    ...rootFilters.map((f) => filterSql(table.name, f, table, p)),
    ...rootLogic.map((t) => logicSql(t, (f) => filterSql(table.name, f, table, p))),
  ];
  const columns = body.keys === undefined ? [] : payloadColumns(table, body.keys);
  const slot = (rows: "all" | "first") => ({ placeholder: p.add(undefined), at: { slot: p.values.length - 1, rows } });
  if (method === "POST" || method === "PUT") {
    const key = method === "PUT" ? putKey(table, rootFilters) : undefined;
    if (method === "PUT" && (rootLogic.length > 0 || !body.singleRow)) throw errors.invalidPutFilters();
    const target = parsed.onConflict ?? table.primaryKey;
    const resolution = method === "PUT" ? "merge-duplicates" : prefs.resolution;
    const payload = slot("all");
    const conflict = resolution !== undefined && target.length > 0;
    // Only a PUT's and a merge's status depend on how many rows were new (upstream sets it only then).
    const countsInserted = method === "PUT" || (conflict && resolution === "merge-duplicates");
    const source = insertSql(
      table,
      {
        columns: columns.filter((col) => !(col.generated && prefs.missing === "default")),
        payload: payload.placeholder,
        missingDefault: prefs.missing === "default",
        returning,
        countsInserted,
        ...(conflict ? { conflict: { target, action: resolution === "ignore-duplicates" ? "ignore" : "merge" } } : {}),
        ...(key ? { putKey: key } : {}),
      },
      p,
    );
    return {
      source,
      payload: payload.at,
      resolutionApplied: method === "POST" && conflict,
      countsInserted,
    };
  }
  if (method === "PATCH") {
    if (rootFilters.length === 0 && rootLogic.length === 0) throw errors.safeUpdate("UPDATE");
    // `{}` updates nothing, whatever the filters (upstream); no parameter may go unused.
    if (columns.length === 0) {
      const rows = returning === "all" ? `${ident(table.name)}.*` : "1";
      return {
        source: `SELECT ${rows} FROM ${ident(table.schema)}.${ident(table.name)} WHERE FALSE`,
        payload: undefined,
        resolutionApplied: false,
        countsInserted: false,
      };
    }
    const conditions = where();
    const payload = slot("first");
    return {
      source: updateSql(table, columns, payload.placeholder, conditions, returning),
      payload: payload.at,
      resolutionApplied: false,
      countsInserted: false,
    };
  }
  const conditions = where();
  if (conditions.length === 0) throw errors.safeUpdate("DELETE");
  return {
    source: deleteSql(table, conditions, returning),
    payload: undefined,
    resolutionApplied: false,
    countsInserted: false,
  };
}

/**
 * The main statement of a write: the mutation, then the representation (the read plan over the
 * mutated rows) or their keys when `Prefer: return=` asks for them.
 */
export function compileWrite(request: RestRequest, table: Table, media: Negotiated, body: BodyShape): CompiledWrite {
  const p = new Params();
  const { source, payload, resolutionApplied, countsInserted } = mutationSource(request, table, body, p);
  const returning = returningFor(request);
  const representation = returning === "all";
  const tree = representation
    ? buildReadTree(request.cache, table, table, table.name, request.parsed, {
        maxRows: undefined,
        applyScoped: false,
      })
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
    ...(countsInserted ? { extra: [INSERTED_SQL] } : {}),
  });
  return {
    sql,
    values: Object.freeze(p.values),
    payload,
    representation,
    resolutionApplied,
    preferenceApplied: appliedPreferences(request.parsed.preferences, resolutionApplied),
  };
}
