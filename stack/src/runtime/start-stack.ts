import { Hono } from "hono";
import pino, { type Logger } from "pino";
import { loadConfig, type StackConfig } from "../config/index.ts";
import {
  createDatabase,
  startPostgresServer,
  stopOrphanedServer,
  type Database,
  type PostgresServer,
} from "../db/index.ts";
import {
  createGateway,
  createGatewayServer,
  listenHttp,
  safeEqual,
  DEFAULT_HTTP_LIMITS,
  type GatewayEnv,
  type HttpLimits,
  type KeyRing,
  type ListeningServer,
  type StackService,
  type StoredSigningKey,
  type TrustedProxies,
} from "../gateway/index.ts";
import path from "node:path";
import { createMailboxServer, createMailer, Outbox, smtpSettingsFromConfig } from "../mail/index.ts";
import { recreateDatabase, setUpDatabase } from "./database-setup.ts";
import { loadKeyRing, reloadSigningKeys } from "./keys.ts";
import { ensureDataDir, resolveStackPaths, type StackPaths } from "./paths.ts";
import { assertPortFree, findFreePort } from "./port-probe.ts";
import {
  allowedOrigins,
  assertSafeProductionStart,
  productionConfig,
  type ProductionOptions,
} from "./production/index.ts";
import { backgroundWorkers, type BackgroundWorker } from "./background-workers.ts";
import { serviceModules } from "./services.ts";
import { readLiveStackState, removeStackState, writeStackState } from "./state-file.ts";
import { statusRecord, type StatusRecord } from "./status.ts";

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
  /** `db reset` on the running stack: drop data, re-apply migrations, re-run the seed (unless `seed` is false). */
  resetDatabase(seed?: boolean): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL, applies platform SQL, migrations and (on first start) the seed, then serves the
 * gateway (on 127.0.0.1 unless `host` says otherwise) and the mailbox on 127.0.0.1. In production
 * mode unsafe settings are refused before anything starts, the emulators are left out, the seed
 * runs only when asked, the mailbox only with `localMailbox`, and the gateway also serves the app.
 * Everything started is stopped again if a later step fails.
 * @example const stack = await startStack({ workdir: ".", ports: { api: 0, db: 0, inbucket: 0 } });
 */
export async function startStack(options: StartStackOptions = {}): Promise<StackHandle> {
  const logger = options.logger ?? pino({ level: "info" });
  const paths = resolveStackPaths(options.workdir ?? process.cwd(), options.dataDir);
  const loaded = await loadConfig({ workdir: paths.workdir, env: options.env ?? process.env });
  for (const warning of loaded.warnings) logger.warn(warning);
  const production = options.production;
  if (production) assertSafeProductionStart(loaded.config, production, options.env ?? process.env);
  const config = production ? productionConfig(loaded.config) : loaded.config;
  const serveMailbox = production === undefined || production.localMailbox;

  const running = await readLiveStackState(paths.stateFile);
  if (running)
    throw new Error(
      `A stack is already running for this project (pid ${running.pid}); stop it with \`parley-stack stop\`.`,
    );

  const wanted = {
    api: options.ports?.api ?? config.api.port,
    db: options.ports?.db ?? config.db.port,
    inbucket: options.ports?.inbucket ?? config.inbucket.port,
  };
  const db0 = wanted.db === 0 ? await findFreePort() : wanted.db;
  // After a crash (SIGKILL) the old PostgreSQL still holds db.port: stop it before checking ports.
  await stopOrphanedServer(paths.clusterDir);
  await assertPortFree(wanted.api, "api.port");
  await assertPortFree(db0, "db.port");
  if (serveMailbox) await assertPortFree(wanted.inbucket, "inbucket.port");

  await ensureDataDir(paths);
  const keys = await loadKeyRing(config, paths.workdir, paths.dataDir);
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse())
      await step().catch((error: unknown) => logger.error({ err: error }, "stop step failed"));
    cleanups.length = 0;
  };
  try {
    const pgLog: string[] = [];
    const server: PostgresServer = await startPostgresServer({
      clusterDir: paths.clusterDir,
      port: db0,
      log: (line) => {
        pgLog.push(line);
        if (pgLog.length > 40) pgLog.shift();
        logger.debug({ component: "postgres" }, line);
      },
    }).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${pgLog.join("\n")}`);
    });
    cleanups.push(() => server.stop());
    const db = createDatabase(db0);
    cleanups.push(() => db.close());
    const serviceMigrations = (
      await Promise.all([...serviceModules, ...backgroundWorkers].map((m) => m.platformMigrations?.() ?? []))
    ).flat();
    const warn = (message: string) => logger.warn(message);
    const seed = server.created && (production === undefined || production.seed);
    const setup = await setUpDatabase({ db, workdir: paths.workdir, config, serviceMigrations, seed, warn });
    if (setup.migrationsApplied.length > 0) logger.info({ versions: setup.migrationsApplied }, "migrations applied");

    // Without a mailbox to read them (production with SMTP), copies of sign-in links stay off disk.
    const outbox = serveMailbox ? await Outbox.open(path.join(paths.dataDir, "mailbox.json")) : new Outbox();
    const smtp = smtpSettingsFromConfig(config);
    // Production mail carries sign-in links: only to an SMTP server that proves who it is.
    const mailer = createMailer({
      outbox,
      smtp: smtp && production ? { ...smtp, verifyCertificate: true } : smtp,
      logger,
    });
    cleanups.push(async () => {
      mailer.close();
      await outbox.flushed();
    });
    const mailbox = serveMailbox
      ? await listenHttp(createMailboxServer(outbox), wanted.inbucket, "inbucket.port")
      : undefined;
    if (mailbox) cleanups.push(() => mailbox.close());

    let ports = { api: wanted.api, db: db0, inbucket: mailbox?.port ?? 0 };
    const apiHost = reachableHost(options.host);
    const urls = () => ({
      api: `http://${apiHost}:${ports.api}`,
      db: db.url,
      inbucket: `http://127.0.0.1:${ports.inbucket}`,
    });
    const services: StackService[] = [];
    // Stop order: the gateway stops accepting first (below); services then end their own
    // connections (realtime closes its websockets with 1001); only then is the server closed.
    const gateway: { server?: ListeningServer } = {};
    cleanups.push(() => gateway.server?.close() ?? Promise.resolve());
    const deps = {
      config,
      workdir: paths.workdir,
      dataDir: paths.dataDir,
      db,
      keys,
      logger,
      get urls() {
        return urls();
      },
      mailer,
      production: production !== undefined,
      clientAddressConfigured: production !== undefined || options.trustedProxies !== undefined,
    };
    // Production mode serves no emulator: they sign anyone in as anyone.
    for (const module of serviceModules.filter((m) => production === undefined || !m.emulator)) {
      const service = await module.create(deps);
      services.push(service);
      if (service.stop) cleanups.push(service.stop);
    }

    const workers: BackgroundWorker[] = [];
    const resetDatabase = async (seed = true) => {
      for (const worker of workers) await worker.beforeDbReset();
      for (const service of services) await service.beforeDbReset?.();
      await recreateDatabase(db0);
      await setUpDatabase({ db, workdir: paths.workdir, config, serviceMigrations, seed, warn });
      for (const service of services) await service.afterDbReset?.();
      for (const worker of workers) await worker.afterDbReset();
    };
    const reloadKeys = () => reloadSigningKeys(keys, config, paths.workdir, paths.dataDir);
    const internal = internalRoutes(keys, resetDatabase, reloadKeys);
    const httpLimits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...options.http };
    const app = createGateway({
      keys,
      logger,
      services,
      requireApiKey: options.requireApiKey ?? false,
      internal,
      maxBodyBytes: httpLimits.maxBodyBytes,
      ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
      ...(production ? { allowedOrigins: allowedOrigins(config), webRoot: production.webRoot } : {}),
    });
    const listening = await listenHttp(
      createGatewayServer(app, services, keys, httpLimits),
      wanted.api,
      "api.port",
      options.host,
    );
    gateway.server = listening;
    cleanups.push(async () => listening.stopAccepting());
    ports = { ...ports, api: listening.port };
    for (const module of backgroundWorkers) {
      const worker = module.start({ db, logger, gatewayUrl: () => urls().api });
      workers.push(worker);
      cleanups.push(() => worker.stop());
    }

    await writeStackState(paths.stateFile, { pid: process.pid, startedAt: new Date().toISOString(), ports });
    cleanups.unshift(() => removeStackState(paths.stateFile));

    return {
      paths,
      config,
      warnings: loaded.warnings,
      keys,
      db,
      outbox,
      ports,
      status: () => statusRecord(ports, keys, apiHost),
      resetDatabase,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Where this machine reaches a server listening on `host`: loopback for the wildcard addresses. */
function reachableHost(host: string | undefined): string {
  if (host === undefined || host === "0.0.0.0" || host === "::" || host === "localhost") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/** The stack's own endpoints under `/_parley`, for its CLI; the secret key is required. */
function internalRoutes(
  keys: KeyRing,
  resetDatabase: (seed: boolean) => Promise<void>,
  reloadKeys: () => Promise<StoredSigningKey[]>,
): Hono<GatewayEnv> {
  const internal = new Hono<GatewayEnv>();
  internal.use("*", async (c, next) => {
    if (!safeEqual(c.req.header("apikey") ?? "", keys.secretKey)) return c.json({ message: "Invalid API key" }, 401);
    return next();
  });
  internal.post("/db/reset", async (c) => {
    // `db reset --no-seed` asks with ?seed=false
    await resetDatabase(c.req.query("seed") !== "false");
    return c.json({ message: "Finished db reset." });
  });
  // `parley-stack keys rotate|retire|reload`: the ring is swapped in place, no restart needed
  internal.post("/keys/reload", async (c) => {
    try {
      const active = await reloadKeys();
      return c.json({ message: "Reloaded signing keys.", kids: active.map((key) => key.kid) });
    } catch (error) {
      // a broken key file keeps the current keys in use; the CLI prints why
      return c.json({ message: (error as Error).message }, 400);
    }
  });
  return internal;
}
