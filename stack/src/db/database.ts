import pg from "pg";
import {
  inCallerTransaction,
  queryAsEachCaller,
  type Caller,
  type CallerExchange,
  type CallerOptions,
  type Statement,
} from "./caller-transaction.ts";
import { exchangeBatches } from "./exchange-batches.ts";
import { closeIdleConnections } from "./idle-connections.ts";
import {
  createNotificationHub,
  type NotificationListener,
  type NotificationSubscription,
} from "./notification-listener.ts";
import { DB_NAME, DB_PASSWORD, DB_USER } from "./postgres-server.ts";

export type { Caller, CallerExchange, CallerOptions, Statement } from "./caller-transaction.ts";

// int8 and numeric stay strings in JS (no precision loss); services format JSON in PostgreSQL anyway.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

/** Connections to the project's database; services share this, never their own pools. */
export interface Database {
  /**
   * `postgresql://postgres:<password>@127.0.0.1:<port>/postgres`, as the CLI's DB_URL (the password
   * is `postgres` on a development data folder, the folder's own in production).
   */
  readonly url: string;
  readonly port: number;
  /** Superuser pool for platform work (migrations, auth's own tables, storage metadata as owner). */
  readonly admin: pg.Pool;
  /**
   * `authenticator` pool: request work runs here after `SET LOCAL ROLE`. Its connections pipeline
   * (statements are written without waiting for the previous answer), so issue a statement only
   * when the ones it depends on have been sent.
   */
  readonly api: pg.Pool;
  /**
   * Runs `work` in one transaction as the caller: `SET LOCAL ROLE`, `request.jwt.claims` and the given
   * settings, so Row Level Security decides (architecture: "the database decides access"). BEGIN,
   * the settings and `work`'s first statement share one round trip.
   * @example await db.asCaller({ role: "authenticated", claims }, (client) => client.query("select auth.uid()"));
   */
  asCaller<T>(caller: Caller, work: (client: pg.PoolClient) => Promise<T>, options?: CallerOptions): Promise<T>;
  /**
   * Runs `statements` as the caller in one implicit transaction (settings and statements under one
   * Sync: no BEGIN, no COMMIT) in one round trip, written with the other callers' exchanges of the
   * same turn of the event loop to one connection (`exchange-batches.ts`). Rejects with the first
   * statement's error (then nothing was committed).
   * @example const [result] = await db.queryAsCaller(caller, [{ text: "select auth.uid()" }], { readOnly: true });
   */
  queryAsCaller(caller: Caller, statements: readonly Statement[], options?: CallerOptions): Promise<pg.QueryResult[]>;
  /**
   * Runs each exchange as its own caller in a transaction of its own, all on one connection in one
   * round trip; per exchange, its results or its error.
   */
  queryAsEachCaller(exchanges: readonly CallerExchange[]): Promise<PromiseSettledResult<pg.QueryResult[]>[]>;
  /**
   * LISTENs on `channel` over the one connection every subscriber shares (opened with the first,
   * closed with the last, reconnected after a db reset or restart); `onListening` runs once
   * listening and after each reconnection, to catch up on what was missed.
   * @example const listener = db.listen({ channel: "pgrst", onNotification, onListening, onError });
   */
  listen(subscription: NotificationSubscription): NotificationListener;
  /**
   * Once every `listen` subscriber has caught up (its queries belong to the same burst), closes the
   * idle connections of both pools — those a burst of work such as the stack's start opened. The
   * next query opens a connection again.
   */
  closeIdleConnections(): Promise<void>;
  close(): Promise<void>;
}

export function databaseUrl(port: number, user = DB_USER, password = DB_PASSWORD): string {
  return `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

/**
 * Where the pools connect: PostgreSQL's Unix socket when `socketDir` is given (cheaper than loopback
 * TCP for the stack's many small exchanges), else 127.0.0.1:`port`.
 */
function connection(port: number, socketDir: string | undefined, user: string, password: string): pg.PoolConfig {
  if (socketDir === undefined) return { connectionString: databaseUrl(port, user, password) };
  return { host: socketDir, port, user, password, database: DB_NAME };
}

/**
 * The shared pools of the database on `port`. Request work (`api`) goes through `socketDir` (the
 * server's Unix socket folder) when given; platform work (`admin`: migrations, pg_cron's and
 * pg_net's workers) stays on TCP, where `inet_server_port()` — pg_cron's `cron.job.nodeport`
 * default — has a value, as on a hosted database. Every pool logs in with `password` (every login
 * role has the same one: the well-known development password, or the data folder's own).
 * @example const db = createDatabase(server.port, server.socketDir, password);
 */
export function createDatabase(port: number, socketDir?: string, password = DB_PASSWORD): Database {
  const url = databaseUrl(port, DB_USER, password);
  const admin = new pg.Pool({
    connectionString: url,
    max: 5,
    application_name: "parley-stack-admin",
  });
  const api = new pg.Pool({
    ...connection(port, socketDir, "authenticator", password),
    max: 10,
    application_name: "parley-stack-api",
    pipeline: true,
    // Requests without a BEGIN (one-Sync exchanges) run at the session's default isolation: pinned
    // here to what PostgREST's BEGIN says, whatever a database or role default says.
    options: "-c default_transaction_isolation=read\\ committed",
  });
  // An idle client that loses its server (db reset, restart) must not crash the process.
  admin.on("error", () => undefined);
  api.on("error", () => undefined);
  const notifications = createNotificationHub({ url });
  const batches = exchangeBatches(api);
  return {
    url,
    port,
    admin,
    api,
    asCaller: (caller, work, options) => inCallerTransaction(api, caller, work, options),
    queryAsCaller: (caller, statements, options) => batches.send({ caller, statements, options }),
    queryAsEachCaller: (exchanges) => queryAsEachCaller(api, exchanges),
    listen: (subscription) => notifications.listen(subscription),
    async closeIdleConnections() {
      await notifications.caughtUp();
      await Promise.all([closeIdleConnections(admin), closeIdleConnections(api)]);
    },
    async close() {
      await notifications.close();
      await Promise.all([admin.end(), api.end()]);
    },
  };
}
