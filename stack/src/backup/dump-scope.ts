import type pg from "pg";
import { quoteIdent } from "../db/index.ts";

/**
 * Schemas a data dump leaves out, as the Supabase CLI's `db dump --data-only` does: the platform
 * keeps their contents itself (extensions, realtime, migration history). `auth` and `storage` stay
 * in: their rows are the users and the objects' metadata. `parley_stack` is this stack's own
 * bookkeeping (which platform SQL ran).
 */
export const DATA_EXCLUDED_SCHEMAS = [
  "information_schema",
  "pg_*",
  "extensions",
  "pgbouncer",
  "realtime",
  "_realtime",
  "_analytics",
  "_supabase",
  "graphql",
  "graphql_public",
  "pgsodium",
  "pgsodium_masks",
  "vault",
  "supabase_migrations",
  "parley_stack",
];

/** Migration-history tables the platform writes itself, left out of data dumps as by the CLI. */
export const DATA_EXCLUDED_TABLES = ["auth.schema_migrations", "storage.migrations", "supabase_functions.migrations"];

/** Schemas the CLI's schema dump leaves out: managed by the platform or created by extensions. */
export const SCHEMA_EXCLUDED_SCHEMAS = [
  ...DATA_EXCLUDED_SCHEMAS,
  "auth",
  "storage",
  "supabase_functions",
  "cron",
  "net",
  "pgmq",
  "pgtle",
  "repack",
  "topology",
  "tiger",
  "tiger_data",
];

export interface DumpScope {
  /** Only these schemas (`--schema`); every schema not excluded when empty. */
  schemas: readonly string[];
  /** Schema patterns left out (`pg_*` style); ignored for schemas named in `schemas`. */
  excludedSchemas: readonly string[];
  /** `schema.table` names left out (`--exclude`). */
  excludedTables: readonly string[];
}

export interface DumpTable {
  schema: string;
  name: string;
  /** Stored columns in order (generated columns are computed again on insert). */
  columns: string[];
  /** Has a `generated always as identity` column: inserts need OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

/** `pg_*` → a regular expression matching whole names. */
function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`);
}

/** Whether a schema is in scope: named by `--schema`, or not matched by an excluded pattern. */
export function schemaInScope(schema: string, scope: DumpScope): boolean {
  if (scope.schemas.length > 0) return scope.schemas.includes(schema);
  return !scope.excludedSchemas.some((pattern) => patternToRegExp(pattern).test(schema));
}

/**
 * The ordinary tables a data dump reads, with their stored columns; tables that belong to an
 * extension are left to the extension, as pg_dump does.
 */
export async function listDumpTables(client: pg.ClientBase, scope: DumpScope): Promise<DumpTable[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[]; identity_always: boolean }>(`
    select n.nspname as schema, c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns,
           bool_or(a.attidentity = 'a') as identity_always
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind = 'r'
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     group by n.nspname, c.relname
     order by n.nspname, c.relname`);
  return rows
    .filter((row) => schemaInScope(row.schema, scope) && !scope.excludedTables.includes(`${row.schema}.${row.name}`))
    .map((row) => ({ schema: row.schema, name: row.name, columns: row.columns, identityAlways: row.identity_always }));
}

/** SQL condition: the object `oid` (in `catalog`) does not belong to an extension (pg_dump leaves those to it). */
export const NOT_FROM_EXTENSION = (oid: string, catalog = "pg_class") =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

/** `"schema"."name"`, each part always quoted by the stack's one quoter (as the CLI's dumps quote). */
export function quotePath(...parts: string[]): string {
  return parts.map((part) => quoteIdent(part)).join(".");
}
