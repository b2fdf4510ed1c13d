// Keeps the current schema cache and reloads it on `NOTIFY pgrst, 'reload schema'` (PostgREST
// Listener.hs), over the stack's shared listening connection, which reconnects after `db reset` or a
// restart.

import type pg from "pg";
import type { Logger } from "pino";
import type { Database } from "../../db/index.ts";
import { loadSchemaCache } from "./load.ts";
import type { SchemaCache } from "./types.ts";

export interface SchemaCacheHolder {
  /** The loaded cache, or undefined until the first load finished (PGRST002). */
  current(): SchemaCache | undefined;
  /** Reloads now; concurrent calls share one load. */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

/** LISTEN on one channel over the stack's shared listening connection (`Database.listen`). */
export type ListenForNotifications = Database["listen"];

export function createSchemaCacheHolder(
  pool: pg.Pool,
  listen: ListenForNotifications,
  schemas: readonly string[],
  logger: Logger,
): SchemaCacheHolder {
  let cache: SchemaCache | undefined;
  let loading: Promise<void> | undefined;
  let again = false;

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

  const onNotification = (payload: string) => {
    if (payload === "" || payload === "reload schema" || payload === "reload config") {
      reload().catch((error: unknown) => logger.error({ err: error }, "rest: schema cache reload failed"));
    }
  };

  // Changes made while nobody listened (first start, after a db reset) are picked up once listening.
  const listener = listen({
    channel: "pgrst",
    onNotification,
    onListening: () => reload(),
    onError: (error) => logger.warn({ err: error }, "rest: schema cache listener failed; retrying"),
  });
  return {
    current: () => cache,
    reload,
    async stop() {
      await listener.stop();
      await loading?.catch(() => undefined);
    },
  };
}
