import { constants, createWriteStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { finished, pipeline } from "node:stream/promises";
import * as tar from "tar";
import { BackupError } from "./backup-error.ts";
import { DATA_FOLDER, DATABASE_FILE, MANIFEST_FILE, writeManifest, type BackupManifest } from "./backup-manifest.ts";
import { dumpData } from "./data-dump.ts";
import { connectForDump } from "./dump-connection.ts";
import { DATA_EXCLUDED_SCHEMAS, DATA_EXCLUDED_TABLES } from "./dump-scope.ts";
import { streamSink } from "./sql-sink.ts";
import { dropUnreferencedFiles, linkAllStoredFiles, linkStoredFiles } from "./storage-files.ts";

/** Files of the data folder that describe one run of the stack, not its data. */
const RUN_FILES = new Set(["stack.json", "stack.log"]);
const ATTEMPTS = 3;

export interface CreateBackupOptions {
  /** The stack's database (running stack or a PostgreSQL started on the data folder). */
  dbUrl: string;
  dataDir: string;
  /** The archive to write (`.tar.gz`); written under a temporary name, then renamed. */
  file: string;
}

/**
 * Writes one archive of a stack: its data as a data dump taken in one snapshot, the stored files
 * the snapshot's `storage.objects` rows point to, and the data folder's own files (signing keys,
 * secrets). Safe while the stack serves: files are linked before the rows are read, so the rows
 * of the snapshot find their files (see takeSnapshot).
 * @example const manifest = await createBackup({ dbUrl, dataDir: paths.dataDir, file: "parley-backup.tar.gz" });
 */
export async function createBackup(options: CreateBackupOptions): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(options.dataDir, ".backup-"));
  try {
    let manifest: BackupManifest | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS && !manifest; attempt++) manifest = await takeSnapshot(options, staging);
    if (!manifest)
      throw new BackupError(
        `stored files kept disappearing while the backup was taken (${ATTEMPTS} tries); try again when the stack is less busy`,
      );
    await copyDataFolderFiles(options.dataDir, path.join(staging, DATA_FOLDER));
    await writeManifest(staging, manifest);
    await writeArchive(staging, options.file);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * One consistent take. Every stored file is linked first; then the snapshot is taken and its rows
 * name the files they need: those present before the snapshot are already held, whatever the stack
 * does next. Only a file both uploaded and removed in between can be missing: then the take is
 * undone (undefined) and tried again.
 */
async function takeSnapshot(options: CreateBackupOptions, staging: string): Promise<BackupManifest | undefined> {
  const into = path.join(staging, DATA_FOLDER);
  await rm(into, { recursive: true, force: true });
  await mkdir(into, { recursive: true });
  const linked = await linkAllStoredFiles(options.dataDir, into);
  const client = await connectForDump(options.dbUrl);
  try {
    await client.query("begin isolation level repeatable read read only");
    const versions = new Set(
      (
        await client.query<{ version: string }>("select version from storage.objects where version is not null")
      ).rows.map((r) => r.version),
    );
    const missing = await linkStoredFiles(
      options.dataDir,
      into,
      [...versions].filter((version) => !linked.has(version)),
    );
    if (missing.length > 0) return undefined;
    await dropUnreferencedFiles(into, linked, versions);
    const out = createWriteStream(path.join(staging, DATABASE_FILE));
    await dumpData(
      client,
      { schemas: [], excludedSchemas: DATA_EXCLUDED_SCHEMAS, excludedTables: DATA_EXCLUDED_TABLES },
      streamSink(out),
    );
    out.end();
    await finished(out);
    const migrations = (
      await client.query<{ version: string }>(
        "select version from supabase_migrations.schema_migrations order by version",
      )
    ).rows.map((r) => r.version);
    const postgresVersion =
      (await client.query<{ server_version: string }>("show server_version")).rows[0]?.server_version ?? "";
    await client.query("commit");
    return {
      format: "parley-stack-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      postgresVersion,
      migrations,
      storageFiles: versions.size,
    };
  } finally {
    await client.end();
  }
}

/** The data folder's own files (keys.json and other secrets); folders are the database's and storage's. */
async function copyDataFolderFiles(dataDir: string, into: string): Promise<void> {
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (entry.isFile() && !RUN_FILES.has(entry.name))
      await copyFile(path.join(dataDir, entry.name), path.join(into, entry.name));
  }
}

/**
 * A gzip'd tar readable only by its owner (it holds the signing keys, password hashes and the
 * mailbox), written atomically. It is written in a private folder (0700) made next to `file`, into
 * a file created 0600 with O_EXCL|O_NOFOLLOW, then renamed into place: nothing is ever readable by
 * others, and a link planted where the archive is written (`F.partial` in earlier versions) is
 * neither followed nor touched. rename(2) replaces a link at `file` itself, never its target.
 */
async function writeArchive(staging: string, file: string): Promise<void> {
  const folder = await mkdtemp(path.join(path.dirname(path.resolve(file)), ".parley-backup-"));
  const temporary = path.join(folder, "archive.tar.gz");
  try {
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    const out = handle.createWriteStream();
    await pipeline(
      tar.create({ gzip: true, cwd: staging, portable: true }, [MANIFEST_FILE, DATABASE_FILE, DATA_FOLDER]),
      out,
    );
    await rename(temporary, file);
  } catch (error) {
    throw new BackupError(`cannot write ${file}: ${(error as Error).message}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
