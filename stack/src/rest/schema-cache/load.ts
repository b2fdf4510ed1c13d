// Loads the schema cache from the catalogs (PostgREST SchemaCache.hs `querySchemaCache`).

import type pg from "pg";
import { buildRelationships, type KeySets } from "./relationships.ts";
import { ALL_COLUMN_NAMES_SQL, COLUMNS_SQL, CONSTRAINTS_SQL, RELATIONS_SQL, ROLE_SETTINGS_SQL } from "./queries.ts";
import { pgrstSettings, readDbConfig, type RoleSettingRow } from "./db-config.ts";
import { loadFunctions } from "./functions.ts";
import { traceViews } from "./view-keys.ts";
import { qualifiedKey, type Column, type ForeignKey, type SchemaCache, type Table } from "./types.ts";

const KINDS: Record<string, Table["kind"]> = {
  r: "table",
  v: "view",
  m: "materialized_view",
  f: "foreign_table",
  p: "partitioned_table",
};

/** Settings PostgREST would apply from `ALTER ROLE … SET` that a non-superuser may set per transaction. */
const ROLE_SETTINGS = new Set([
  "statement_timeout",
  "lock_timeout",
  "idle_in_transaction_session_timeout",
  "work_mem",
  "default_transaction_isolation",
]);

interface RelationRow {
  oid: string;
  schema: string;
  name: string;
  kind: string;
  updatable_mask: number;
  primary_key: string[];
  view_definition: string | null;
}
interface ColumnRow {
  relation: string;
  num: number;
  name: string;
  type: string;
  base_type: string;
  nullable: boolean;
  default_expr: string | null;
  generated: boolean;
  enum_values: string[];
}
interface ConstraintRow {
  name: string;
  type: "p" | "u" | "f";
  relation: string;
  foreign_relation: string;
  columns: number[];
  foreign_columns: number[] | null;
}

/**
 * Reads tables, views, columns, keys, relationships and functions of the exposed `schemas`.
 * @example const cache = await loadSchemaCache(db.admin, ["public", "graphql_public"]);
 */
export async function loadSchemaCache(
  client: pg.Pool | pg.PoolClient,
  schemas: readonly string[],
  warn: (message: string) => void = () => {},
): Promise<SchemaCache> {
  const [relations, columns, constraints, names, roleSettings, timezones] = await Promise.all([
    client.query<RelationRow>(RELATIONS_SQL, [schemas]),
    client.query<ColumnRow>(COLUMNS_SQL, [schemas]),
    client.query<ConstraintRow>(CONSTRAINTS_SQL),
    client.query<{ relation: string; num: number; name: string }>(ALL_COLUMN_NAMES_SQL),
    client.query<RoleSettingRow>(ROLE_SETTINGS_SQL),
    client.query<{ name: string }>("select name from pg_timezone_names"),
  ]);
  const columnName = new Map<string, string>();
  for (const row of names.rows) columnName.set(`${row.relation}:${row.num}`, row.name);
  const nameOf = (relation: string, num: number) => columnName.get(`${relation}:${num}`) ?? "";

  const columnsByRelation = new Map<string, Column[]>();
  for (const row of columns.rows) {
    const list = columnsByRelation.get(row.relation) ?? [];
    list.push({
      name: row.name,
      type: row.type,
      baseType: row.base_type,
      nullable: row.nullable,
      defaultExpr: row.default_expr,
      enumValues: row.enum_values,
      generated: row.generated,
    });
    columnsByRelation.set(row.relation, list);
  }

  const views = traceViews(
    relations.rows
      .filter((r) => r.view_definition !== null)
      .map((r) => ({ oid: r.oid, definition: r.view_definition ?? "" })),
    nameOf,
  );
  const tablesByOid = new Map<string, Table>();
  for (const row of relations.rows) {
    const cols = columnsByRelation.get(row.oid) ?? [];
    tablesByOid.set(row.oid, {
      schema: row.schema,
      name: row.name,
      kind: KINDS[row.kind] ?? "table",
      columns: cols,
      columnsByName: new Map(cols.map((c) => [c.name, c])),
      primaryKey: row.primary_key,
      insertable: (row.updatable_mask & 8) === 8,
      updatable: (row.updatable_mask & 4) === 4,
      deletable: (row.updatable_mask & 16) === 16,
    });
  }

  const keySets: KeySets = new Map();
  const baseKeys: ForeignKey[] = [];
  const baseForeignKeys: ConstraintRow[] = [];
  for (const row of constraints.rows) {
    if (row.type === "f") {
      baseForeignKeys.push(row);
      continue;
    }
    const sets = keySets.get(row.relation) ?? [];
    sets.push(row.columns.map((n) => nameOf(row.relation, n)));
    keySets.set(row.relation, sets);
  }
  for (const row of baseForeignKeys) {
    const table = tablesByOid.get(row.relation);
    const foreign = tablesByOid.get(row.foreign_relation);
    const fk = {
      constraint: row.name,
      columns: row.columns.map((n) => nameOf(row.relation, n)),
      foreignColumns: (row.foreign_columns ?? []).map((n) => nameOf(row.foreign_relation, n)),
    };
    if (table && foreign) baseKeys.push({ ...fk, table, foreignTable: foreign });
    views.addForeignKey(row.relation, row.foreign_relation, fk, baseKeys, tablesByOid);
  }
  const tables = new Map<string, Table>();
  for (const [oid, table] of tablesByOid) {
    const viewPk =
      table.kind === "view" || table.kind === "materialized_view" ? views.primaryKey(oid, keySets) : undefined;
    const withPk = viewPk ? { ...table, primaryKey: viewPk } : table;
    tablesByOid.set(oid, withPk);
    tables.set(qualifiedKey(withPk), withPk);
  }
  const viewKeySets = views.keySets(keySets);
  for (const [oid, sets] of viewKeySets) keySets.set(oid, [...(keySets.get(oid) ?? []), ...sets]);

  const oidOf = new Map([...tablesByOid].map(([oid, t]) => [qualifiedKey(t), oid]));
  const { functions, computed } = await loadFunctions(client, schemas, tablesByOid);
  const relationships = buildRelationships(baseKeys, computed, tablesByOid, keySets, oidOf);

  const settings = new Map<string, Record<string, string>>();
  for (const row of roleSettings.rows) {
    const entries = settings.get(row.role) ?? {};
    for (const item of row.settings) {
      const at = item.indexOf("=");
      const key = item.slice(0, at);
      if (ROLE_SETTINGS.has(key) && !(key in entries)) entries[key] = item.slice(at + 1);
    }
    settings.set(row.role, entries);
  }
  const dbConfig = readDbConfig(pgrstSettings(roleSettings.rows), (key) =>
    warn(`rest: ignoring the unreadable in-database setting pgrst.${key}`),
  );
  return {
    tables,
    relationships,
    functions,
    roleSettings: settings,
    dbConfig,
    aggregatesEnabled: dbConfig.aggregatesEnabled ?? false,
    timezones: new Set(timezones.rows.map((r) => r.name)),
  };
}
