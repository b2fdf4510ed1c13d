import pg from "pg";
import { DB_NAME, DB_PASSWORD, DB_USER } from "./postgres-server.ts";
import { inTransaction } from "./transaction.ts";

// int8 and numeric stay strings in JS (no precision loss); services format JSON in PostgreSQL anyway.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

/** Who a request runs as: the role from the verified JWT (or anon) and its claims. */
export interface Caller {
  role: string;
  claims: Record<string, unknown>;
}

export interface CallerOptions {
  /** Extra transaction-local settings (`request.headers`, `request.method`, …), set with set_config. */
  settings?: Record<string, string>;
  /** Read-only transactions for GET/HEAD, as PostgREST does. */
  readOnly?: boolean;
}

/** Connections to the project's database; services share this, never their own pools. */
export interface Database {
  /** `postgresql://postgres:postgres@127.0.0.1:<port>/postgres`, as the CLI's DB_URL. */
  readonly url: string;
  readonly port: number;
  /** Superuser pool for platform work (migrations, auth's own tables, storage metadata as owner). */
  readonly admin: pg.Pool;
  /** `authenticator` pool: request work runs here after `SET LOCAL ROLE`. */
  readonly api: pg.Pool;
  /**
   * Runs `work` in one transaction as the caller: `SET LOCAL ROLE`, `request.jwt.claims` and the given
   * settings, so Row Level Security decides (architecture: "the database decides access").
   * @example await db.asCaller({ role: "authenticated", claims }, (client) => client.query("select auth.uid()"));
   */
  asCaller<T>(caller: Caller, work: (client: pg.PoolClient) => Promise<T>, options?: CallerOptions): Promise<T>;
  close(): Promise<void>;
}

export function databaseUrl(port: number, user = DB_USER, password = DB_PASSWORD): string {
  return `postgresql://${user}:${password}@127.0.0.1:${port}/${DB_NAME}`;
}

export function createDatabase(port: number): Database {
  const admin = new pg.Pool({ connectionString: databaseUrl(port), max: 5, application_name: "parley-stack" });
  const api = new pg.Pool({
    connectionString: databaseUrl(port, "authenticator"),
    max: 10,
    application_name: "parley-stack-api",
  });
  // An idle client that loses its server (db reset, restart) must not crash the process.
  admin.on("error", () => undefined);
  api.on("error", () => undefined);
  return {
    url: databaseUrl(port),
    port,
    admin,
    api,
    asCaller(caller, work, options = {}) {
      const settings: Record<string, string> = {
        role: caller.role,
        "request.jwt.claims": JSON.stringify(caller.claims),
        ...options.settings,
      };
      // BEGIN and every set_config in one simple-protocol round trip (literals escaped by pg):
      // per request that is begin+settings, the work, commit. `role` through set_config is SET LOCAL ROLE.
      const assignments = Object.entries(settings).map(
        ([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`,
      );
      const begin = options.readOnly ? "begin isolation level read committed read only" : "begin";
      return inTransaction(api, work, `${begin}; select ${assignments.join(", ")}`);
    },
    async close() {
      await Promise.all([admin.end(), api.end()]);
    },
  };
}
