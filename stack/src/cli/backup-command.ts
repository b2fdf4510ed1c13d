import { existsSync } from "node:fs";
import { loadConfig } from "../config/index.ts";
import { databaseUrl, DB_USER, readDatabasePassword, startPostgresServer } from "../db/index.ts";
import { BackupError } from "../backup/backup-error.ts";
import { createBackup } from "../backup/create-backup.ts";
import { restoreBackup } from "../backup/restore-backup.ts";
import { resolveStackPaths } from "../runtime/paths.ts";
import { readLiveStackState } from "../runtime/state-file.ts";
import { environmentOverrides, UsageError, type CliOptions } from "./options.ts";

const say = (text: string) => process.stderr.write(`${text}\n`);

/**
 * `backup -f <file>`: the whole stack in one archive. On a running stack it reads through the
 * stack's PostgreSQL; on a stopped one it starts PostgreSQL on the data folder for the time it takes.
 */
export async function backupCommand(options: CliOptions): Promise<number> {
  const file = options.file ?? `parley-backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.tar.gz`;
  const overrides = environmentOverrides(process.env);
  const paths = resolveStackPaths(options.workdir, overrides.dataDir);
  const state = await readLiveStackState(paths.stateFile);
  say(`Backing up ${paths.dataDir}...`);
  // A production data folder's database has its own password (db-password), a development one `postgres`.
  const password = await readDatabasePassword(paths.dataDir);
  let manifest;
  if (state) {
    manifest = await createBackup({
      dbUrl: databaseUrl(state.ports.db, DB_USER, password),
      dataDir: paths.dataDir,
      file,
    });
  } else {
    if (!existsSync(paths.clusterDir)) throw new BackupError(`there is no stack to back up in ${paths.dataDir}`);
    const { config } = await loadConfig({ workdir: paths.workdir });
    const port = overrides.ports.db ?? config.db.port;
    const server = await startPostgresServer({ clusterDir: paths.clusterDir, port, password, log: () => undefined });
    try {
      manifest = await createBackup({ dbUrl: databaseUrl(port, DB_USER, password), dataDir: paths.dataDir, file });
    } finally {
      await server.stop();
    }
  }
  process.stdout.write(
    `Backed up to ${file} (${manifest.storageFiles} stored files, ${manifest.migrations.length} migrations).\n`,
  );
  return 0;
}

/** `restore -f <file>`: into an empty data folder, with the stack stopped; `start` serves it after. */
export async function restoreCommand(options: CliOptions): Promise<number> {
  if (options.file === undefined) throw new UsageError('required flag(s) "file" not set');
  const overrides = environmentOverrides(process.env);
  const paths = resolveStackPaths(options.workdir, overrides.dataDir);
  if (await readLiveStackState(paths.stateFile))
    throw new BackupError("Parley Stack is running on this data folder; stop it first (`parley-stack stop`)");
  const { config, warnings } = await loadConfig({ workdir: paths.workdir });
  for (const warning of warnings) say(warning);
  say(`Restoring ${options.file} into ${paths.dataDir}...`);
  const manifest = await restoreBackup({
    file: options.file,
    paths,
    config,
    dbPort: overrides.ports.db ?? config.db.port,
    warn: say,
  });
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} (${manifest.storageFiles} stored files). Start it with \`parley-stack start\`.\n`,
  );
  return 0;
}
