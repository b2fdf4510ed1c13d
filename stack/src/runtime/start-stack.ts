import pino, { type Logger } from "pino";
import type { StackConfig } from "../config/index.ts";
import type { Database, PlatformMigration } from "../db/index.ts";
import type { HttpLimits, KeyRing, ListeningServer, ServiceDeps, TrustedProxies } from "../gateway/index.ts";
import type { Outbox } from "../mail/index.ts";
import { backgroundWorkers, type BackgroundWorker } from "./background-workers.ts";
import { recreateDatabase, setUpDatabase } from "./database-setup.ts";
import { internalRoutes } from "./internal-routes.ts";
import { reloadSigningKeys } from "./keys.ts";
import type { StackPaths } from "./paths.ts";
import type { ProductionOptions } from "./production/index.ts";
import { findFreePort } from "./port-probe.ts";
import { settleAll } from "./settle-all.ts";
import { migrateDatabase, startPostgres, type StartedDatabase } from "./start-database.ts";
import { startGateway } from "./start-gateway.ts";
import { claimPortsAndDataFolder, readStartConfig, type StartConfig } from "./start-plan.ts";
import { createServices, loadServiceCode, platformMigrationsOf, startMail } from "./start-services.ts";
import { createStartupProfile, type StartupStep } from "./startup-profile.ts";
import { removeStackState, writeStackState } from "./state-file.ts";
import { statusRecord, type StatusRecord } from "./status.ts";
import { StopSteps } from "./stop-steps.ts";

export interface StartStackOptions {
  /** The folder holding `supabase/` (default: the current folder). */
  workdir?: string;
  /** Overrides the data folder (tests use a temporary one). */
  dataDir?: string;
  /** Overrides `[api] port`, `[db] port`, `[inbucket] port` (0 = any free port). */
  ports?: Partial<{ api: number; db: number; inbucket: number }>;
  env?: Record<string, string | undefined>;
  /** Hosted behaviour: refuse requests without an api key (401) instead of treating them as anon. */
  requireApiKey?: boolean;
  /** Body size, header size and slow-client limits of the gateway (defaults: DEFAULT_HTTP_LIMITS). */
  http?: Partial<HttpLimits>;
  logger?: Logger;
  /** Production mode: the built app on the gateway, emulators off, unsafe settings refused. */
  production?: ProductionOptions;
  /** The gateway's listen address (default 127.0.0.1); the mailbox always stays on 127.0.0.1. */
  host?: string;
  /** Reverse proxies whose forwarded headers are believed (default: none). */
  trustedProxies?: TrustedProxies;
  /** Called as each named step of the start finishes, with its duration (`start --profile-startup`). */
  onStartupStep?: (step: StartupStep) => void;
  /**
   * Receives what the start is doing, one line each, in the Supabase CLI's words ("Initialising
   * schema...", "Applying migration <file>...", "Seeding data from supabase/seed.sql..."); also what a
   * `db reset` on the running stack applies. Default: logged at info.
   */
  onProgress?: (line: string) => void;
}

export interface StackHandle {
  readonly paths: StackPaths;
  readonly config: StackConfig;
  readonly warnings: readonly string[];
  readonly keys: KeyRing;
  readonly db: Database;
  readonly outbox: Outbox;
  /** `inbucket` is 0 when no mailbox is served (production mode with SMTP). */
  readonly ports: { api: number; db: number; inbucket: number };
  status(): StatusRecord;
  /**
   * `db reset` on the running stack: drop data, re-apply migrations, re-run the seed (unless `seed`
   * is false). Resolves with the progress lines it printed (see `onProgress`).
   */
  resetDatabase(seed?: boolean): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Steps "postgres", "service code" and "mail" at the same time: PostgreSQL boots in its own process
 * while this one loads the services' code and opens the mailbox. Loading the code holds the event
 * loop for a few hundred milliseconds, so it waits until PostgreSQL's first process is about to be
 * spawned (or the step failed before that). Like `settleAll`, nothing still runs when one fails.
 */
async function bootAtOnce(
  start: StartConfig,
  wanted: { db: number; inbucket: number },
  context: {
    logger: Logger;
    stops: StopSteps;
    profile: ReturnType<typeof createStartupProfile>;
    choosePortAgain: (() => Promise<number>) | undefined;
    progress: (line: string) => void;
  },
) {
  const { logger, stops, profile, choosePortAgain, progress } = context;
  let spawning = () => {};
  const postgresSpawning = new Promise<void>((resolve) => (spawning = resolve));
  const postgres = profile.time("postgres", () =>
    startPostgres(start, wanted.db, logger, stops, { choosePortAgain, onSpawning: spawning, progress }),
  );
  return settleAll([
    postgres,
    Promise.race([postgresSpawning, postgres.catch(() => undefined)]).then(() =>
      profile.time("service code", () => loadServiceCode(start)),
    ),
    profile.time("mail", () => startMail(start, wanted.inbucket, logger, stops)),
  ]);
}

/**
 * Starts PostgreSQL, applies platform SQL, migrations and (on first start) the seed, then serves the
 * gateway (on 127.0.0.1 unless `host` says otherwise) and the mailbox on 127.0.0.1. In production
 * mode unsafe settings are refused before anything starts, the emulators are left out, the seed
 * runs only when asked, the mailbox only with `localMailbox`, and the gateway also serves the app.
 * Services the config switches off are not started. Everything started is stopped again if a later
 * step fails. Each named step (config, ports and data folder, postgres, service code, mail,
 * migrations, services, gateway, background workers) is reported to `onStartupStep`.
 * @example const stack = await startStack({ workdir: ".", ports: { api: 0, db: 0, inbucket: 0 } });
 */
export async function startStack(options: StartStackOptions = {}): Promise<StackHandle> {
  const logger = options.logger ?? pino({ level: "info" });
  const progress = options.onProgress ?? ((line: string) => logger.info(line));
  const profile = createStartupProfile(options.onStartupStep);
  const start = await profile.time("config", () => readStartConfig(options, logger));
  const { ports: wanted, keys } = await profile.time("ports and data folder", () =>
    claimPortsAndDataFolder(start, options.ports),
  );
  const stops = new StopSteps(logger);
  // A database port the stack chose itself may be chosen again if another process takes it first.
  const choosePortAgain = (options.ports?.db ?? start.config.db.port) === 0 ? findFreePort : undefined;
  try {
    const [database, loaded, mail] = await bootAtOnce(start, wanted, {
      logger,
      stops,
      profile,
      choosePortAgain,
      progress,
    });
    wanted.db = database.port;
    const serviceMigrations = await platformMigrationsOf(loaded);
    await profile.time("migrations", () => migrateDatabase(start, database, serviceMigrations, logger, progress));

    const ports = { api: wanted.api, db: wanted.db, inbucket: mail.mailbox?.port ?? 0 };
    const apiHost = reachableHost(options.host);
    const urls = () => ({
      api: `http://${apiHost}:${ports.api}`,
      db: database.db.url,
      inbucket: `http://127.0.0.1:${ports.inbucket}`,
    });
    // Stop order: the gateway stops accepting first; services then end their own connections
    // (realtime closes its websockets with 1001); only then is the server closed.
    const gateway: { server?: ListeningServer } = {};
    stops.add(() => gateway.server?.close() ?? Promise.resolve());
    const deps = serviceDeps(start, options, database.db, keys, logger, mail.mailer, urls);
    const services = await profile.time("services", () => createServices(loaded, deps, stops));

    const workers: BackgroundWorker[] = [];
    const running = { workers, services };
    const resetDatabase = databaseReset(start, database, serviceMigrations, deps.warn, running, progress);
    const reloadKeys = () => reloadSigningKeys(keys, start.config, start.paths.workdir, start.paths.dataDir);
    const listening = await profile.time("gateway", () =>
      startGateway(
        start,
        {
          keys,
          logger,
          services,
          internal: internalRoutes(keys, resetDatabase, reloadKeys),
          port: wanted.api,
          host: options.host,
          requireApiKey: options.requireApiKey ?? false,
          http: options.http,
          trustedProxies: options.trustedProxies,
        },
        stops,
        gateway,
      ),
    );
    ports.api = listening.port;
    await profile.time("background workers", async () => {
      for (const module of backgroundWorkers) {
        const worker = module.start({ db: database.db, logger, gatewayUrl: () => urls().api });
        workers.push(worker);
        stops.add(() => worker.stop());
      }
      // Written last: whoever reads the state file can use the stack at once.
      await writeStackState(start.paths.stateFile, { pid: process.pid, startedAt: new Date().toISOString(), ports });
      stops.addLast(() => removeStackState(start.paths.stateFile));
    });
    // Each PostgreSQL backend holds several MiB: the connections the start opened (migrations, the
    // services' first loads, the workers' catch-up) close as soon as that work is done, not after
    // the pool's idle timeout. Not awaited: the stack is ready meanwhile.
    const startUpConnectionsClosed = database.db.closeIdleConnections().catch(() => undefined);
    stops.add(() => startUpConnectionsClosed);

    return {
      paths: start.paths,
      config: start.config,
      warnings: start.warnings,
      keys,
      db: database.db,
      outbox: mail.outbox,
      ports,
      status: () => statusRecord(ports, keys, { apiHost, dbPassword: database.password }),
      resetDatabase,
      stop: () => stops.run(),
    };
  } catch (error) {
    await stops.run();
    throw error;
  }
}

/**
 * `db reset` on the running stack: workers and services pause around dropping the database and
 * setting it up again (migrations, the seed unless `seed` is false, the data folder's password).
 */
function databaseReset(
  start: StartConfig,
  database: StartedDatabase,
  serviceMigrations: readonly PlatformMigration[],
  warn: (message: string) => void,
  running: { workers: readonly BackgroundWorker[]; services: Awaited<ReturnType<typeof createServices>> },
  progress: (line: string) => void,
): (seed?: boolean) => Promise<string[]> {
  return async (seed = true) => {
    for (const worker of running.workers) await worker.beforeDbReset();
    for (const service of running.services) await service.beforeDbReset?.();
    const lines: string[] = [];
    const report = (line: string) => {
      lines.push(line);
      progress(line);
    };
    report("Recreating database...");
    await recreateDatabase(database.port, database.password);
    const { workdir } = start.paths;
    const { db, password } = database;
    await setUpDatabase({
      db,
      workdir,
      config: start.config,
      serviceMigrations,
      seed,
      password,
      warn,
      progress: report,
    });
    for (const service of running.services) await service.afterDbReset?.();
    for (const worker of running.workers) await worker.afterDbReset();
    return lines;
  };
}

/** What every service is built from. */
function serviceDeps(
  start: StartConfig,
  options: StartStackOptions,
  db: Database,
  keys: KeyRing,
  logger: Logger,
  mailer: ServiceDeps["mailer"],
  urls: () => ServiceDeps["urls"],
): ServiceDeps & { warn: (message: string) => void } {
  return {
    config: start.config,
    workdir: start.paths.workdir,
    dataDir: start.paths.dataDir,
    db,
    keys,
    logger,
    get urls() {
      return urls();
    },
    mailer,
    production: start.production !== undefined,
    clientAddressConfigured: start.production !== undefined || options.trustedProxies !== undefined,
    warn: (message) => logger.warn(message),
  };
}

/** Where this machine reaches a server listening on `host`: loopback for the wildcard addresses. */
function reachableHost(host: string | undefined): string {
  if (host === undefined || host === "0.0.0.0" || host === "::" || host === "localhost") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}
