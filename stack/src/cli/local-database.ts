import type pg from "pg";
import { connectForDump } from "../backup/dump-connection.ts";
import { resolveDatabaseUrl } from "./database-target.ts";
import { UsageError, type CliOptions } from "./options.ts";

/**
 * Connects to the database a verb works on: the workdir's running stack (`--local`, the CLI's
 * default for these verbs) or `--db-url`. `--linked` is refused: Parley Stack has no linked project.
 * @example const client = await connectToTarget(options); try { … } finally { await client.end(); }
 */
export async function connectToTarget(options: CliOptions): Promise<pg.Client> {
  if (options.linked) throw new UsageError("Parley Stack has no linked project: use --local (the default) or --db-url");
  if (options.local && options.dbUrl !== undefined)
    throw new UsageError("if any flags in the group [db-url linked local] are set none of the others can be");
  return connectForDump(await resolveDatabaseUrl(options));
}

/** The versions recorded in supabase_migrations.schema_migrations (none when the table is missing). */
export async function appliedVersions(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query<{ found: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as found",
  );
  if (!exists.rows[0]?.found) return [];
  const rows = await client.query<{ version: string }>(
    "select version from supabase_migrations.schema_migrations order by version",
  );
  return rows.rows.map((row) => row.version);
}
