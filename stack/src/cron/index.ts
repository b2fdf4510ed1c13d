import type { Logger } from "pino";
import type { Database } from "../db/index.ts";
import { CronWorker } from "./cron-worker.ts";

export interface CronServiceDeps {
  db: Database;
  logger: Logger;
}

/** The running cron service: what the stack stops, and pauses around `db reset`. */
export interface CronService {
  beforeDbReset(): Promise<void>;
  afterDbReset(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Supabase Cron: runs the jobs of a project's `pg_cron` (see README.md).
 * @example const cron = startCronService({ db, logger }); … await cron.stop();
 */
export function startCronService(deps: CronServiceDeps): CronService {
  let worker = new CronWorker(deps);
  worker.start();
  return {
    beforeDbReset: () => worker.stop(),
    async afterDbReset() {
      worker = new CronWorker(deps);
      worker.start();
    },
    stop: () => worker.stop(),
  };
}
