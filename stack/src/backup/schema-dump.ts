import type pg from "pg";
import { quotePath, schemaInScope, type DumpScope } from "./dump-scope.ts";
import { dumpGrants, dumpPublications, dumpRowLevelSecurity } from "./schema-access.ts";
import { dumpFunctions, dumpTriggers, dumpTypes, dumpViews } from "./schema-routines.ts";
import { dumpSequences, dumpTableExtras, dumpTables } from "./schema-tables.ts";
import type { SqlSink } from "./sql-sink.ts";

/**
 * `db dump` without `--data-only`: the schemas in scope (by default every schema the platform does
 * not manage, as the Supabase CLI's `db dump`), read from the catalog since the embedded PostgreSQL
 * ships no pg_dump. Covers schemas, extensions, types, sequences, tables (columns, identity,
 * generated columns, defaults, constraints), indexes, functions, views, triggers, row level
 * security and policies, grants (columns too) and publication membership. Comments and owners are
 * left out, as the CLI leaves them out.
 * @example await dumpSchema(client, { schemas: [], excludedSchemas: SCHEMA_EXCLUDED_SCHEMAS, excludedTables: [] }, sink);
 */
export async function dumpSchema(client: pg.ClientBase, scope: DumpScope, sink: SqlSink): Promise<string[]> {
  const all = (await client.query<{ nspname: string }>("select nspname from pg_namespace order by nspname")).rows.map(
    (r) => r.nspname,
  );
  const schemas = all.filter((schema) => schemaInScope(schema, scope));
  await sink("-- Parley Stack schema dump: restore with `parley-stack db restore -f <file>`, or with psql.\n");
  await sink("SET check_function_bodies = false;\nSET client_min_messages = warning;\n\n");
  for (const schema of schemas) await sink(`CREATE SCHEMA IF NOT EXISTS ${quotePath(schema)};\n`);
  // A whole-database dump names every extension, as pg_dump does: pg_cron lives in pg_catalog and pgmq in
  // its own schema, both left out above, yet the data dump has rows (cron.job) and sequences they own.
  const extensions = await client.query<{ sql: string }>(
    `select format('CREATE EXTENSION IF NOT EXISTS %I WITH SCHEMA %I;', e.extname, n.nspname) as sql
       from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname <> 'plpgsql' and ($2 or n.nspname = any($1)) order by e.oid`,
    [schemas, scope.schemas.length === 0],
  );
  for (const row of extensions.rows) await sink(`${row.sql}\n`);
  await sink("\n");
  await dumpTypes(client, schemas, sink);
  await dumpSequences(client, schemas, sink);
  await dumpFunctions(client, schemas, sink, false);
  await dumpTables(client, schemas, sink);
  await dumpFunctions(client, schemas, sink, true);
  await dumpTableExtras(client, schemas, sink);
  await dumpViews(client, schemas, sink);
  await dumpTriggers(client, schemas, sink);
  await dumpRowLevelSecurity(client, schemas, sink);
  await dumpGrants(client, schemas, sink);
  await dumpPublications(client, schemas, sink);
  await sink("\nRESET ALL;\n");
  return schemas;
}
