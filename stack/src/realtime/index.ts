import { Hono } from "hono";
import { readSqlFolder, type PlatformMigration } from "../db/index.ts";
import type { GatewayEnv, ServiceFactory, StackService } from "../gateway/index.ts";
import { StreamRegistry } from "./broadcast/streams.ts";
import { PostgresChanges } from "./changes/postgres-changes.ts";
import type { RealtimeContext } from "./context.ts";
import { broadcastRoutes } from "./http/broadcast-routes.ts";
import { AverageRate, readLimits } from "./limits.ts";
import { createUpgradeHandler } from "./socket/upgrade.ts";

/** The `realtime` schema objects, applied before the project's migrations. */
export function platformMigrations(): Promise<PlatformMigration[]> {
  return readSqlFolder(new URL("./sql/", import.meta.url), "realtime");
}

/**
 * `/realtime/v1`: the Phoenix websocket (broadcast, presence, postgres changes) and the HTTP
 * broadcast endpoints, speaking supabase/realtime's protocol so realtime-js works unchanged.
 */
export const create: ServiceFactory = async (deps) => {
  const limits = readLimits();
  const logger = deps.logger.child({ service: "realtime" });
  const changes = new PostgresChanges(deps.db, logger);
  const ctx: RealtimeContext = {
    db: deps.db,
    keys: deps.keys,
    logger,
    streams: new StreamRegistry(),
    changes,
    limits,
    events: new AverageRate(limits.maxEventsPerSecond),
    joins: new AverageRate(limits.maxJoinsPerSecond),
    sockets: new Set(),
  };
  changes.onDatabaseBroadcast((isPrivate, topic, body) => ctx.streams.find(isPrivate, topic)?.broadcast(body));
  await changes.start();
  const upgrade = createUpgradeHandler(ctx);
  const app = new Hono<GatewayEnv>();
  app.route("/", broadcastRoutes(ctx));
  const service: StackService = {
    name: "realtime",
    basePath: "/realtime/v1",
    app,
    rejectInvalidToken: () => Response.json({ message: "Unauthorized" }, { status: 401 }),
    upgrade: upgrade.handler,
    beforeDbReset: () => changes.release(),
    afterDbReset: () => changes.start(),
    stop: async () => {
      for (const socket of ctx.sockets) (socket as { close(code?: number): void }).close(1001);
      await upgrade.close();
      await changes.stop();
    },
  };
  return service;
};
