import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { BackupError } from "./backup-error.ts";

export const MANIFEST_FILE = "parley-backup.json";
export const DATABASE_FILE = "database.sql";
/** Folder inside the archive that mirrors the data folder (keys, stored files). */
export const DATA_FOLDER = "data";

/** What a backup archive says about itself; a restore checks it before touching anything. */
export const backupManifestSchema = z.object({
  format: z.literal("parley-stack-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  postgresVersion: z.string(),
  /** Versions of supabase/migrations applied when the backup was taken. */
  migrations: z.array(z.string()),
  /** Stored files (storage.objects versions) in the archive. */
  storageFiles: z.number().int().nonnegative(),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Reads and validates an extracted archive's manifest; anything else is "not a Parley Stack backup". */
export async function readManifest(folder: string, archive: string): Promise<BackupManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), "utf8"));
  } catch {
    throw new BackupError(`${archive} is not a Parley Stack backup (it has no readable ${MANIFEST_FILE})`);
  }
  const parsed = backupManifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(
      `${archive} is not a Parley Stack backup this version can restore (${MANIFEST_FILE}: ${parsed.error.issues[0]?.message ?? "invalid"})`,
    );
  return parsed.data;
}
