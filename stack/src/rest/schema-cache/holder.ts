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
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      do {
        again = false;
        cache = await loadSchemaCache(pool, schemas, (message) => logger.warn(message));
      } while (again);
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  };

  const drop = (client: pg.PoolClient, broken: boolean) => {
    if (listener !== client) return;
    listener = undefined;
    client.removeAllListeners("notification");
    client.release(broken);
  };

  const listen = async () => {
    if (stopped) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      if (stopped) {
        client.release();
        return;
      }
      listener = client;
      const own = client;
      client.on("notification", (message) => {
        if (message.channel !== "pgrst") return;
        const payload = message.payload ?? "";
        if (payload === "" || payload === "reload schema" || payload === "reload config") {
          reload().catch((error: unknown) => logger.error({ err: error }, "rest: schema cache reload failed"));
        }
      });
      // The server went away (db reset, restart): listen again on a fresh connection.
      client.on("error", () => {
        if (listener !== own) return;
        drop(own, true);
        if (!stopped) retry = setTimeout(() => void listen(), 500);
      });
      await client.query("listen pgrst");
      // Changes made while we were not listening are picked up now.
      await reload();
    } catch (error) {
      if (client) drop(client, true);
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
      const client = listener;
      if (client) {
        await client.query("unlisten pgrst").catch(() => undefined);
        drop(client, false);
      }
      await loading?.catch(() => undefined);
    },
  };
}
