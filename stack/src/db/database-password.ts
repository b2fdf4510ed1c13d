import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The password every login role has on a development database, as on the Supabase CLI's local
 * database (`postgresql://postgres:postgres@127.0.0.1:54322/postgres`): tools expect it there.
 */
export const WELL_KNOWN_DB_PASSWORD = "postgres";

/** Shortest database password production accepts from an operator (the generated one is 43 characters). */
export const MIN_DB_PASSWORD_LENGTH = 16;

/** Where a data folder keeps its database password (owner only), once it has one of its own. */
export function databasePasswordFile(dataDir: string): string {
  return path.join(dataDir, "db-password");
}

/**
 * The password of the data folder's database: its `db-password` file's, else the well-known
 * development one.
 * @example const password = await readDatabasePassword(paths.dataDir);
 */
export async function readDatabasePassword(dataDir: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(databasePasswordFile(dataDir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return WELL_KNOWN_DB_PASSWORD;
    throw error;
  }
  return text.trim();
}

/**
 * Production's database password: the data folder's own (an operator may have written one before
 * the first start), else a new random one (256 bits, base64url) written to `db-password` with mode
 * 0600, so only the folder's owner (and `parley-stack status`, run by them) can read it.
 */
export async function ensureDatabasePassword(dataDir: string): Promise<string> {
  const file = databasePasswordFile(dataDir);
  const current = await readDatabasePassword(dataDir);
  if (current !== WELL_KNOWN_DB_PASSWORD || existsSync(file)) {
    await chmod(file, 0o600);
    return current;
  }
  const generated = randomBytes(32).toString("base64url");
  // "wx": never overwrite a password another start wrote meanwhile.
  await writeFile(file, `${generated}\n`, { mode: 0o600, flag: "wx" });
  return generated;
}

/**
 * Why `password` is unfit for a production database, or undefined: the well-known development
 * password (what the stack's roles had before) or one shorter than MIN_DB_PASSWORD_LENGTH.
 */
export function weakDatabasePasswordReason(password: string): string | undefined {
  if (password === WELL_KNOWN_DB_PASSWORD) return "is the well-known default `postgres`";
  if (password.length < MIN_DB_PASSWORD_LENGTH)
    return `is shorter than ${MIN_DB_PASSWORD_LENGTH} characters (${password.length})`;
  return undefined;
}
