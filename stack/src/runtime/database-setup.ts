import pg from "pg";
import {
  applyPlatformMigrations,
  applyProjectMigrations,
  databasePlatformMigrations,
  databaseUrl,
  DB_NAME,
  DB_USER,
  replaceWellKnownPasswords,
  runSeed,
  WELL_KNOWN_DB_PASSWORD,
  type Database,
  type PlatformMigration,
} from "../db/index.ts";
import type { StackConfig } from "../config/index.ts";

export interface DatabaseSetupOptions {
  db: Database;
  workdir: string;
  config: StackConfig;
  serviceMigrations: readonly PlatformMigration[];
  /** Seed after migrating: on first start and on `db reset`. */
  seed: boolean;
  /**
   * The data folder's database password: roles the migrations create with the well-known one
   * (as the Supabase CLI's init scripts do) get it instead. Default: the well-known one.
   */
  password?: string;
  warn: (message: string) => void;
  /** Receives what is being done, one line each, in the Supabase CLI's words. */
  progress?: (line: string) => void;
}

export interface DatabaseSetupResult {
  migrationsApplied: string[];
  seedFiles: string[];
}

/**
 * Brings the database to what the project declares: platform SQL (roles, schemas, service schemas),
 * then pending `supabase/migrations`, then the seed when asked; then every login role still on
 * the well-known password gets the data folder's own, when it has one.
 */
export async function setUpDatabase(options: DatabaseSetupOptions): Promise<DatabaseSetupResult> {
  const client = await options.db.admin.connect();
  try {
    // Each migration commits on its own: not waiting for each commit's WAL flush saves a first start
    // most of its fsyncs. A crash could lose only the last few commits, whole (those migrations are
    // pending again at the next start), and the setup ends with a commit that waits for all of them.
    await client.query("set synchronous_commit = off");
    const progress = options.progress ?? (() => undefined);
    progress("Initialising schema...");
    await applyPlatformMigrations(client, [...(await databasePlatformMigrations()), ...options.serviceMigrations]);
    const migrationsApplied = await applyProjectMigrations(client, options.workdir, options.warn, progress);
    const seed = options.config.db.seed;
    const seedFiles =
      options.seed && seed.enabled
        ? await runSeed(client, options.workdir, seed.sql_paths, options.warn, progress)
        : [];
    const password = options.password ?? WELL_KNOWN_DB_PASSWORD;
    if (password !== WELL_KNOWN_DB_PASSWORD) await replaceWellKnownPasswords(client, password);
    await client.query("reset synchronous_commit");
    // A transaction with an id commits with a WAL flush, which makes every earlier commit durable too.
    await client.query("select pg_current_xact_id()");
    // PostgREST-compatible services reload their schema cache on this, as on hosted.
    await client.query("notify pgrst, 'reload schema'");
    return { migrationsApplied, seedFiles };
  } finally {
    // a setup that failed half-way leaves this session's setting behind: never hand it to the pool
    client.release(true);
  }
}

/**
 * Drops and recreates the project database (as a new Supabase container would start), leaving
 * cluster-wide roles in place. Connections to it are ended first.
 */
export async function recreateDatabase(port: number, password = WELL_KNOWN_DB_PASSWORD): Promise<void> {
  const client = new pg.Client({
    connectionString: databaseUrl(port, DB_USER, password).replace(/\/postgres$/, "/template1"),
  });
  await client.connect();
  try {
    // Logical replication slots hold the database; realtime re-creates its slot afterwards.
    await client.query(
      "select pg_drop_replication_slot(slot_name) from pg_replication_slots where database = $1 and not active",
      [DB_NAME],
    );
    await client.query(`drop database if exists ${DB_NAME} with (force)`);
    await client.query(`create database ${DB_NAME}`);
  } finally {
    await client.end();
  }
}
