import type pg from "pg";
import { listDumpTables, quotePath, schemaInScope, type DumpScope, type DumpTable } from "./dump-scope.ts";
import type { SqlSink } from "./sql-sink.ts";

const ROWS_PER_FETCH = 500;

/**
 * Writes the rows of every table in scope as `INSERT` statements (the CLI's `--column-inserts`),
 * then the sequences' positions. Run it inside a `repeatable read` transaction: every table is then
 * read from one snapshot, so the dump is consistent while the stack keeps serving.
 *
 * Restoring it turns triggers and foreign-key checks off (`session_replication_role = replica`, as
 * pg_dump's `--disable-triggers`), so tables load in any order and triggers such as "create a
 * profile for a new user" do not fire twice. Rows already present (a bucket a migration created)
 * are kept: `ON CONFLICT DO NOTHING`, as pg_dump's `--on-conflict-do-nothing`.
 * @example await dumpData(client, { schemas: [], excludedSchemas: DATA_EXCLUDED_SCHEMAS, excludedTables: [] }, sink);
 */
export async function dumpData(
  client: pg.ClientBase,
  scope: DumpScope,
  sink: SqlSink,
): Promise<{ tables: number; rows: number }> {
  await sink("-- Parley Stack data dump: restore with `parley-stack db restore -f <file>`, or with psql.\n");
  await sink("SET session_replication_role = replica;\n\n");
  const tables = await listDumpTables(client, scope);
  let rows = 0;
  for (const table of tables) rows += await dumpTableRows(client, table, sink);
  await dumpSequences(client, scope, sink);
  await sink("\nRESET ALL;\n");
  return { tables: tables.length, rows };
}

/** Streams one table's rows through a cursor, so a large table never sits in memory. */
async function dumpTableRows(client: pg.ClientBase, table: DumpTable, sink: SqlSink): Promise<number> {
  const target = quotePath(table.schema, table.name);
  const columns = table.columns.map((column) => quotePath(column)).join(", ");
  const overriding = table.identityAlways ? " OVERRIDING SYSTEM VALUE" : "";
  const prefix = `INSERT INTO ${target} (${columns})${overriding} VALUES (`;
  // quote_nullable renders each value as a literal PostgreSQL reads back into the column's type.
  const values = table.columns.map((column) => `quote_nullable(${quotePath(column)})`).join(" || ', ' || ");
  await client.query(`declare parley_dump no scroll cursor for select ${values} as v from ${target}`);
  let count = 0;
  try {
    for (;;) {
      const { rows } = await client.query<{ v: string }>(`fetch ${ROWS_PER_FETCH} from parley_dump`);
      if (rows.length === 0) break;
      count += rows.length;
      await sink(rows.map((row) => `${prefix}${row.v}) ON CONFLICT DO NOTHING;\n`).join(""));
    }
  } finally {
    await client.query("close parley_dump");
  }
  if (count > 0) await sink("\n");
  return count;
}

/** `setval` for every sequence in scope that was used, so new rows continue after the restored ones. */
async function dumpSequences(client: pg.ClientBase, scope: DumpScope, sink: SqlSink): Promise<void> {
  const { rows } = await client.query<{ schema: string; name: string; last_value: string }>(
    "select schemaname as schema, sequencename as name, last_value from pg_sequences where last_value is not null order by 1, 2",
  );
  for (const row of rows.filter((r) => schemaInScope(r.schema, scope))) {
    const name = quotePath(row.schema, row.name).replace(/'/g, "''");
    await sink(`SELECT pg_catalog.setval('${name}', ${row.last_value}, true);\n`);
  }
}
