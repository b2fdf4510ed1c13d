import { BackupError } from "../backup/backup-error.ts";
import { databaseUrl, DB_USER, readDatabasePassword } from "../db/index.ts";
import { resolveStackPaths } from "../runtime/paths.ts";
import { readLiveStackState } from "../runtime/state-file.ts";
import { environmentOverrides, UsageError, type CliOptions } from "./options.ts";

/**
 * The database a `db dump`/`db restore` works on: `--db-url`, else the workdir's running stack (its
 * DB_URL, as `status` prints it: with the data folder's own password in production).
 */
export async function resolveDatabaseUrl(options: CliOptions): Promise<string> {
  if (options.dbUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(options.dbUrl))
      throw new UsageError(`invalid argument for "--db-url" flag: expected a postgresql:// URL`);
    return options.dbUrl;
  }
  const paths = resolveStackPaths(options.workdir, environmentOverrides(process.env).dataDir);
  const state = await readLiveStackState(paths.stateFile);
  if (!state)
    throw new BackupError("Parley Stack is not running. Start it with `parley-stack start`, or pass --db-url.");
  return databaseUrl(state.ports.db, DB_USER, await readDatabasePassword(paths.dataDir));
}
