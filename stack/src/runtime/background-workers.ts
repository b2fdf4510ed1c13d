import type { Logger } from "pino";
import { startCronService } from "../cron/index.ts";
import type { Database, PlatformMigration } from "../db/index.ts";
import { netPlatformMigrations, startNetService } from "../net/index.ts";

export interface BackgroundWorkerDeps {
  db: Database;
  logger: Logger;
  /** The gateway's URL (valid once it listens; workers start after that). */
  gatewayUrl: () => string;
}

/** A service with no HTTP surface of its own, working from the database: cron, net. */
export interface BackgroundWorker {
  beforeDbReset(): Promise<void>;
  afterDbReset(): Promise<void>;
  stop(): Promise<void>;
}

export interface BackgroundWorkerModule {
  name: string;
  /** Platform SQL, applied after the HTTP services' and before the project's migrations. */
  platformMigrations?: () => Promise<PlatformMigration[]>;
  start: (deps: BackgroundWorkerDeps) => BackgroundWorker;
}

/** Started once the gateway listens (a webhook may call it), stopped before it closes. */
export const backgroundWorkers: readonly BackgroundWorkerModule[] = [
  { name: "net", platformMigrations: netPlatformMigrations, start: startNetService },
  { name: "cron", start: startCronService },
];
