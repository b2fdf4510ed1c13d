// Keeps the current schema cache and reloads it on `NOTIFY pgrst, 'reload schema'` (PostgREST
// Listener.hs), on a dedicated connection that reconnects after `db reset` or a restart.

import type pg from "pg";
import type { Logger } from "pino";
import { loadSchemaCache } from "./load.ts";
import type { SchemaCache } from "./types.ts";

export interface SchemaCacheHolder {
  /** The loaded cache, or undefined until the first load finished (PGRST002). */
  current(): SchemaCache | undefined;
  /** Reloads now; concurrent calls share one load. */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

export function createSchemaCacheHolder(pool: pg.Pool, schemas: readonly string[], logger: Logger): SchemaCacheHolder {
  let cache: SchemaCache | undefined;
  let loading: Promise<void> | undefined;
  let again = false;
  let listener: pg.PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const reload = (): Promise<void> => {
    if (loading) { again = true; return loading; }
    loading = (async () => {
      do {
        again = false;
        cache = await loadSchemaCache(pool, schemas);
      } while (again);
    })().finally(() => { loading = undefined; });
    return loading;
  };

  const listen = async () => {
    if (stopped) return;
    try {
      const client = await pool.connect();
      listener = client;
      client.on("notification", (message) => {
        if (message.channel !== "pgrst") return;
        const payload = message.payload ?? "";
        if (payload === "" || payload === "reload schema" || payload === "reload config") {
          reload().catch((error: unknown) => logger.error({ err: error }, "rest: schema cache reload failed"));
        }
      });
      client.on("error", () => {
        client.release(true);
        if (listener === client) listener = undefined;
        if (!stopped) retry = setTimeout(() => void listen(), 500);
      });
      await client.query("listen pgrst");
      // Changes made while we were not listening are picked up now.
      await reload();
    } catch (error) {
      logger.warn({ err: error }, "rest: schema cache listener failed; retrying");
      if (!stopped) retry = setTimeout(() => void listen(), 1000);
    }
  };

  void listen();
  return {
    current: () => cache,
    reload,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      if (listener) {
        await listener.query("unlisten pgrst").catch(() => undefined);
        listener.release();
        listener = undefined;
      }
      await loading?.catch(() => undefined);
    },
  };
}
