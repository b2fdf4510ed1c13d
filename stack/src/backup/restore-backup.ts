import { existsSync } from "node:fs";
import { mkdtemp, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import type { StackConfig } from "../config/index.ts";
import { createDatabase, listMigrationFiles, startPostgresServer } from "../db/index.ts";
import { setUpDatabase } from "../runtime/database-setup.ts";
import { ensureDataDir, type StackPaths } from "../runtime/paths.ts";
import { BackupError } from "./backup-error.ts";
import { DATA_FOLDER, DATABASE_FILE, readManifest, type BackupManifest } from "./backup-manifest.ts";
import { restoreSqlFile } from "./restore-sql.ts";

export interface RestoreBackupOptions {
  file: string;
  paths: StackPaths;
  config: StackConfig;
  /** Port for the PostgreSQL started for the restore (stopped again at the end). */
  dbPort: number;
  warn: (message: string) => void;
}

/**
 * Restores a `parley-stack backup` archive into an empty data folder: puts back the keys and stored
 * files, creates the database from the platform SQL and supabase/migrations (no seed), then loads
 * the archive's data dump. If anything fails, what was put in the folder is removed again.
 * @example await restoreBackup({ file: "parley-backup.tar.gz", paths, config, dbPort: 54322, warn });
 */
export async function restoreBackup(options: RestoreBackupOptions): Promise<BackupManifest> {
  const { paths } = options;
  refuseNonEmpty(paths);
  await ensureDataDir(paths);
  const staging = await mkdtemp(path.join(paths.dataDir, ".restore-"));
  const before = new Set(await readdir(paths.dataDir));
  try {
    await extract(options.file, staging);
    const manifest = await readManifest(staging, options.file);
    await refuseMissingMigrations(manifest, paths.workdir, options.warn);
    for (const entry of await readdir(path.join(staging, DATA_FOLDER))) {
      await rename(path.join(staging, DATA_FOLDER, entry), path.join(paths.dataDir, entry));
    }
    await loadDatabase(options, path.join(staging, DATABASE_FILE));
    return manifest;
  } catch (error) {
    for (const entry of await readdir(paths.dataDir)) {
      if (!before.has(entry)) await rm(path.join(paths.dataDir, entry), { recursive: true, force: true });
    }
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function refuseNonEmpty(paths: StackPaths): void {
  const taken = ["postgres", "keys.json", "storage"].filter((entry) => existsSync(path.join(paths.dataDir, entry)));
  if (taken.length > 0) {
    throw new BackupError(
      `the data folder ${paths.dataDir} is not empty (it has ${taken.join(", ")}); restore into an empty one: move it away, or set PARLEY_STACK_DATA_DIR`,
    );
  }
}

/**
 * Extracts the archive into the staging folder. Problems are collected rather than thrown
 * (node-tar's `strict` rejects at the first bad header while its unpacker goes on writing the
 * entries before it, so the staging folder could be removed before those writes landed and be
 * re-created by them). Only plain files and folders are taken: a link in an archive could make the
 * restore move files from elsewhere into the data folder.
 */
async function extract(file: string, into: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`no such file: ${file}`);
  let problem: string | undefined;
  try {
    await tar.extract({
      file,
      cwd: into,
      onwarn: (code, message) => (problem ??= `${code}: ${message}`),
      filter: (entryPath, entry) => {
        const type = "type" in entry ? entry.type : entry.isDirectory() ? "Directory" : "File";
        if (type === "File" || type === "Directory") return true;
        problem ??= `${entryPath} is a ${type}, not a file or folder`;
        return false;
      },
    });
  } catch (error) {
    problem ??= (error as Error).message;
  }
  if (problem) throw new BackupError(`${file} is not a Parley Stack backup (${problem})`);
  if (!existsSync(path.join(into, DATABASE_FILE)) || !existsSync(path.join(into, DATA_FOLDER))) {
    throw new BackupError(`${file} is not a Parley Stack backup (it lacks ${DATABASE_FILE} or ${DATA_FOLDER}/)`);
  }
}

/** The backup's rows fit the schema its migrations made: each of them must be in supabase/migrations. */
async function refuseMissingMigrations(
  manifest: BackupManifest,
  workdir: string,
  warn: (message: string) => void,
): Promise<void> {
  const present = new Set((await listMigrationFiles(workdir, warn)).map((file) => file.version));
  const missing = manifest.migrations.filter((version) => !present.has(version));
  if (missing.length > 0) {
    throw new BackupError(
      `the backup was taken with migrations this project does not have: ${missing.join(", ")} (restore with the supabase/ folder it was taken with)`,
    );
  }
}

async function loadDatabase(options: RestoreBackupOptions, dumpFile: string): Promise<void> {
  const server = await startPostgresServer({
    clusterDir: options.paths.clusterDir,
    port: options.dbPort,
    log: () => undefined,
  });
  try {
    const db = createDatabase(options.dbPort);
    try {
      const { servicePlatformMigrations } = await import("../runtime/services.ts");
      const serviceMigrations = await servicePlatformMigrations();
      await setUpDatabase({
        db,
        workdir: options.paths.workdir,
        config: options.config,
        serviceMigrations,
        seed: false,
        warn: options.warn,
      });
      const client = await db.admin.connect();
      try {
        await restoreSqlFile(client, dumpFile, "the backup's database.sql");
      } finally {
        client.release();
      }
    } finally {
      await db.close();
    }
  } finally {
    await server.stop();
  }
}
