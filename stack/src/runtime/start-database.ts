import { existsSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import {
  adoptDatabasePassword,
  createDatabase,
  databasePasswordFile,
  ensureDatabasePassword,
  readDatabasePassword,
  startPostgresServer,
  WELL_KNOWN_DB_PASSWORD,
  type Database,
  type PlatformMigration,
  type PostgresServer,
} from "../db/index.ts";
import { setUpDatabase } from "./database-setup.ts";
import { assertNoDemoAccounts } from "./production/index.ts";
import type { StartConfig } from "./start-plan.ts";
import type { StopSteps } from "./stop-steps.ts";

export interface StartedDatabase {
  server: PostgresServer;
  db: Database;
  /** The port PostgreSQL listens on (another than asked for when `choosePortAgain` was used). */
  port: number;
  /** True when this start created the cluster (first start): the caller seeds it. */
  created: boolean;
  /** The password every login role has (the well-known one on a development data folder). */
  password: string;
}

/** How often a port the stack chose itself is chosen again when something took it before PostgreSQL could. */
const PORT_ATTEMPTS = 3;

/**
 * Step "postgres": starts PostgreSQL on `port` (creating the cluster on first start). When it fails
 * the error carries the server's last log lines. With `choosePortAgain` (the stack chose the port
 * itself: `db.port = 0`), a port another process took between that choice and PostgreSQL's bind is
 * not fatal: PostgreSQL starts on a newly chosen one. A port the config names is never changed.
 * In production the data folder's database password is made (on first start) and given to every
 * login role still on the well-known `postgres` (a folder made before it had one is upgraded so).
 */
export async function startPostgres(
  start: StartConfig,
  port: number,
  logger: Logger,
  stops: StopSteps,
  options: { choosePortAgain?: () => Promise<number>; onSpawning?: () => void; progress?: (line: string) => void } = {},
): Promise<StartedDatabase> {
  const { choosePortAgain, onSpawning } = options;
  const created = !existsSync(path.join(start.paths.clusterDir, "PG_VERSION"));
  const { dataDir } = start.paths;
  const password = start.production ? await ensureDatabasePassword(dataDir) : await readDatabasePassword(dataDir);
  // initdb takes a few seconds: a first start says so (the CLI's "Starting database..." otherwise)
  options.progress?.(created ? "Initialising PostgreSQL (first start)..." : "Starting database...");
  for (let attempt = 1; ; attempt++) {
    try {
      const server = await startPostgresOn(start, { port, password }, logger, onSpawning);
      stops.add(() => server.stop());
      if (password !== WELL_KNOWN_DB_PASSWORD) {
        const rotated = await adoptDatabasePassword(port, password);
        if (rotated.length > 0 && !created)
          logger.warn(
            { component: "postgres", roles: rotated },
            `database roles still had the well-known password postgres: changed to the data folder's own in ${databasePasswordFile(dataDir)} (\`parley-stack status\` shows it)`,
          );
      }
      const db = createDatabase(port, server.socketDir, password);
      stops.add(() => db.close());
      return { server, db, port, created, password };
    } catch (error) {
      if (!(error instanceof PortTakenError) || !choosePortAgain || attempt === PORT_ATTEMPTS) throw error;
      logger.debug({ component: "postgres", port }, "the chosen port was taken meanwhile; choosing another");
      port = await choosePortAgain();
    }
  }
}

/** PostgreSQL could not listen: another process holds the port. */
class PortTakenError extends Error {}

async function startPostgresOn(
  start: StartConfig,
  { port, password }: { port: number; password: string },
  logger: Logger,
  onSpawning?: () => void,
): Promise<PostgresServer> {
  const pgLog: string[] = [];
  return startPostgresServer({
    clusterDir: start.paths.clusterDir,
    port,
    password,
    onSpawning,
    log: (line) => {
      pgLog.push(line);
      if (pgLog.length > 40) pgLog.shift();
      logger.debug({ component: "postgres" }, line);
    },
  }).catch((error: unknown) => {
    const message = `${(error as Error).message}\n${pgLog.join("\n")}`;
    // PostgreSQL's own words when its bind fails (EADDRINUSE), as it logs them in every locale we start it in (C).
    throw pgLog.some((line) => line.includes("Address already in use"))
      ? new PortTakenError(message)
      : new Error(message);
  });
}

/**
 * Step "migrations": platform SQL (the database's, then each service's), pending
 * `supabase/migrations`, and the seed on the cluster's first start (in production only when asked).
 * In production a data folder with demo accounts is then refused unless allowed.
 */
export async function migrateDatabase(
  start: StartConfig,
  database: StartedDatabase,
  serviceMigrations: readonly PlatformMigration[],
  logger: Logger,
  progress: (line: string) => void = () => undefined,
): Promise<void> {
  const seed = database.created && (start.production === undefined || start.production.seed);
  const setup = await setUpDatabase({
    db: database.db,
    workdir: start.paths.workdir,
    config: start.config,
    serviceMigrations,
    seed,
    password: database.password,
    warn: (message) => logger.warn(message),
    progress,
  });
  if (setup.migrationsApplied.length > 0) logger.info({ versions: setup.migrationsApplied }, "migrations applied");
  if (start.production && !start.production.allowDemoAccounts)
    await assertNoDemoAccounts(database.db, start.paths.dataDir);
}
