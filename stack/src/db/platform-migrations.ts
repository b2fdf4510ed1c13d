import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";

/** One versioned piece of the stack's own schema (roles, auth/storage/realtime schemas, …). */
export interface PlatformMigration {
  /** Unique and ordered: `db/0001-roles`, `auth/0001-schema`, … */
  id: string;
  sql: string;
}

/**
 * Reads the `.sql` files of a folder as platform migrations named `<prefix>/<file name>`, in file order.
 * @example const migrations = await readSqlFolder(new URL("./sql/", import.meta.url), "auth");
 */
export async function readSqlFolder(folder: URL, prefix: string): Promise<PlatformMigration[]> {
  const dir = fileURLToPath(folder);
  const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
  return Promise.all(
    files.map(async (file) => ({
      id: `${prefix}/${file.replace(/\.sql$/, "")}`,
      sql: await readFile(path.join(dir, file), "utf8"),
    })),
  );
}

/** The database's own platform SQL: roles, schemas, extensions, publication, migration history. */
export function databasePlatformMigrations(): Promise<PlatformMigration[]> {
  return readSqlFolder(new URL("./platform/", import.meta.url), "db");
}

/**
 * Applies the platform migrations not yet applied, each once and in its own transaction, before the
 * project's migrations run — so projects can reference `auth.users`, `storage.objects`, … as on hosted.
 */
export async function applyPlatformMigrations(client: pg.ClientBase, migrations: PlatformMigration[]): Promise<void> {
  await client.query("create schema if not exists parley_stack");
  await client.query(
    "create table if not exists parley_stack.platform_migrations (id text primary key, applied_at timestamptz not null default now())",
  );
  const applied = new Set(
    (await client.query<{ id: string }>("select id from parley_stack.platform_migrations")).rows.map((row) => row.id),
  );
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    try {
      await client.query("begin");
      await client.query(migration.sql);
      await client.query("insert into parley_stack.platform_migrations (id) values ($1)", [migration.id]);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw new Error(`platform migration ${migration.id} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
