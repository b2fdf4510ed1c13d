import type { Logger } from "pino";
import { readSqlFolder, type Database, type PlatformMigration } from "../db/index.ts";
import { NetWorker } from "./net-worker.ts";

export interface NetServiceDeps {
  db: Database;
  logger: Logger;
  /** The gateway's URL once it listens (`http://127.0.0.1:<api port>`). */
  gatewayUrl: () => string;
}

/** The running net service: what the stack stops, and pauses around `db reset`. */
export interface NetService {
  beforeDbReset(): Promise<void>;
  afterDbReset(): Promise<void>;
  stop(): Promise<void>;
}

/** pg_net in `extensions` and Database Webhooks' `supabase_functions`, as a new CLI project has them. */
export function netPlatformMigrations(): Promise<PlatformMigration[]> {
  return readSqlFolder(new URL("./sql/", import.meta.url), "net");
}

/**
 * pg_net's worker: performs `net.http_get/post/delete` requests after their transaction commits
 * (see README.md).
 * @example const net = startNetService({ db, logger, gatewayUrl: () => urls.api }); … await net.stop();
 */
export function startNetService(deps: NetServiceDeps): NetService {
  let worker = new NetWorker(deps);
  worker.start();
  return {
    beforeDbReset: () => worker.stop(),
    async afterDbReset() {
      worker = new NetWorker(deps);
      worker.start();
    },
    stop: () => worker.stop(),
  };
}
