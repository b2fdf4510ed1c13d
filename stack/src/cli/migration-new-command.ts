import { fstatSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { UsageError, type CliOptions } from "./options.ts";

/**
 * The CLI's migration version: the UTC time as YYYYMMDDHHMMSS (utils.GetCurrentTimestamp), so files
 * sort in the order they were made.
 */
export function migrationTimestamp(now: Date = new Date()): string {
  return now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/** `supabase/migrations/<YYYYMMDDHHMMSS>_<name>.sql`, relative to the workdir. */
export function newMigrationPath(name: string, now: Date = new Date()): string {
  return path.join("supabase", "migrations", `${migrationTimestamp(now)}_${name}.sql`);
}

/**
 * Writes an empty migration file (or `sql` as its content) and returns its path relative to the
 * workdir. The CLI refuses nothing in the name but a path separator would leave the folder.
 */
export async function writeNewMigration(workdir: string, name: string, sql: string): Promise<string> {
  if (name === "" || name.includes("/") || name.includes(path.sep))
    throw new UsageError(`invalid migration name "${name}": use letters, digits and underscores`);
  const relative = newMigrationPath(name);
  await mkdir(path.join(workdir, "supabase", "migrations"), { recursive: true });
  await writeFile(path.join(workdir, relative), sql, { flag: "wx" });
  return relative;
}

/**
 * `migration new <name>`: as the CLI (internal/migration/new), an empty file, or what is piped on
 * stdin when stdin is piped or redirected (`cat change.sql | parley-stack migration new x`).
 */
export async function migrationNewCommand(options: CliOptions): Promise<number> {
  if (options.verb.length !== 3) throw new UsageError(`accepts 1 arg(s), received ${options.verb.length - 2}`);
  const name = options.verb[2] ?? "";
  const sql = stdinIsPipe() ? await readStdin() : "";
  const relative = await writeNewMigration(options.workdir, name, sql);
  process.stdout.write(`Created new migration at ${relative}\n`);
  return 0;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function stdinIsPipe(): boolean {
  try {
    // A shell pipe is a FIFO, a Node parent's pipe a socket, `< file.sql` a file; a terminal or
    // /dev/null is a character device and gives an empty migration.
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket() || stat.isFile();
  } catch {
    return false;
  }
}
