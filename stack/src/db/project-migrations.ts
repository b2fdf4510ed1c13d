import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { describeSqlError } from "./sql-error.ts";
import { migrationStatements } from "./sql-splitter.ts";

/** Matches the Supabase CLI: `<digits>_<name>.sql` (pkg/migration/file.go). */
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Lists `supabase/migrations/*.sql` in filename order; other files are reported, not applied. */
export async function listMigrationFiles(workdir: string, warn: (message: string) => void): Promise<MigrationFile[]> {
  const dir = path.join(workdir, "supabase", "migrations");
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: MigrationFile[] = [];
  for (const entry of entries.sort()) {
    const match = MIGRATION_FILE.exec(entry);
    if (match?.[1] && match[2] !== undefined) {
      files.push({ version: match[1], name: match[2], file: path.join(dir, entry) });
    } else if (entry.endsWith(".sql")) {
      warn(`Skipping migration ${entry}... (file name must match pattern "<timestamp>_name.sql")`);
    }
  }
  return files;
}

/**
 * Applies every migration not yet recorded in `supabase_migrations.schema_migrations`, in filename
 * order, each in its own transaction together with its history row (as `supabase migration up`).
 * Each file is announced to `progress` as the CLI does. A failing migration throws a MigrationError naming the file, line and PostgreSQL's message.
 * @returns the versions applied by this call.
 */
export async function applyProjectMigrations(
  client: pg.ClientBase,
  workdir: string,
  warn: (message: string) => void,
  progress: (line: string) => void = () => undefined,
): Promise<string[]> {
  const files = await listMigrationFiles(workdir, warn);
  const applied = new Set(
    (await client.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).rows.map(
      (row) => row.version,
    ),
  );
  const done: string[] = [];
  for (const migration of files) {
    if (applied.has(migration.version)) continue;
    const sql = await readFile(migration.file, "utf8");
    // the CLI's line for each file it applies (pkg/migration/file.go, ExecBatch)
    progress(`Applying migration ${path.basename(migration.file)}...`);
    try {
      await client.query("begin");
      // The session runs as the project's `postgres` role with Supabase's search_path, as the CLI does.
      await client.query("set local search_path to public, extensions");
      await client.query(sql);
      await client.query(
        "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
        [migration.version, migration.name, migrationStatements(sql)],
      );
      await client.query("commit");
      done.push(migration.version);
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      const relative = path.relative(workdir, migration.file);
      throw new MigrationError(`Migration ${relative} failed:\n${describeSqlError(relative, sql, error)}`);
    }
  }
  return done;
}
