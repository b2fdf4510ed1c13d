import type { Logger } from "pino";
import {
  createDatabase,
  startPostgresServer,
  type Database,
  type PlatformMigration,
  type PostgresServer,
} from "../db/index.ts";
import { setUpDatabase } from "./database-setup.ts";
import type { StartConfig } from "./start-plan.ts";
import type { StopSteps } from "./stop-steps.ts";

export interface StartedDatabase {
  server: PostgresServer;
  db: Database;
}

/**
 * Step "postgres": starts PostgreSQL on `port` (creating the cluster on first start). When it fails
 * the error carries the server's last log lines.
 */
export async function startPostgres(
  start: StartConfig,
  port: number,
  logger: Logger,
  stops: StopSteps,
): Promise<StartedDatabase> {
  const pgLog: string[] = [];
  const server = await startPostgresServer({
    clusterDir: start.paths.clusterDir,
    port,
    log: (line) => {
      pgLog.push(line);
      if (pgLog.length > 40) pgLog.shift();
      logger.debug({ component: "postgres" }, line);
    },
  }).catch((error: unknown) => {
    throw new Error(`${(error as Error).message}\n${pgLog.join("\n")}`);
  });
  stops.add(() => server.stop());
  const db = createDatabase(port, server.socketDir);
  stops.add(() => db.close());
  return { server, db };
}

/**
 * Step "migrations": platform SQL (the database's, then each service's), pending
 * `supabase/migrations`, and the seed on the cluster's first start (in production only when asked).
 */
export async function migrateDatabase(
  start: StartConfig,
  database: StartedDatabase,
  serviceMigrations: readonly PlatformMigration[],
  logger: Logger,
): Promise<void> {
  const seed = database.server.created && (start.production === undefined || start.production.seed);
  const setup = await setUpDatabase({
    db: database.db,
    workdir: start.paths.workdir,
    config: start.config,
    serviceMigrations,
    seed,
    warn: (message) => logger.warn(message),
  });
  if (setup.migrationsApplied.length > 0) logger.info({ versions: setup.migrationsApplied }, "migrations applied");
}
