import { existsSync } from "node:fs";
import pg from "pg";
import { BackupError } from "../backup/backup-error.ts";
import { restoreSqlFile } from "../backup/restore-sql.ts";
import { resolveDatabaseUrl } from "./database-target.ts";
import { UsageError, type CliOptions } from "./options.ts";

/**
 * `db restore -f <file>`: runs a dump against the workdir's running stack (or `--db-url`) in one
 * transaction. Meant for a data dump (`db dump --data-only`) on a stack whose migrations ran and
 * that holds no data yet (`db reset --no-seed`).
 */
export async function dbRestoreCommand(options: CliOptions): Promise<number> {
  if (options.file === undefined) throw new UsageError('required flag(s) "file" not set');
  if (!existsSync(options.file)) throw new BackupError(`no such file: ${options.file}`);
  const url = await resolveDatabaseUrl(options);
  const client = new pg.Client({ connectionString: url, application_name: "parley-stack restore" });
  await client.connect();
  try {
    process.stderr.write(`Restoring ${options.file}...\n`);
    const statements = await restoreSqlFile(client, options.file);
    await client.query("notify pgrst, 'reload schema'");
    process.stdout.write(`Restored ${options.file} (${statements} statements).\n`);
  } finally {
    await client.end();
  }
  return 0;
}
