import type { Logger } from "pino";
import type { Database, NotificationListener } from "../db/index.ts";
import { performRequest } from "./perform-request.ts";
import { claimRequests, deleteExpiredResponses, netInstalled, recordResponses } from "./request-queue.ts";

/** `net.wake()` notifies here; PostgreSQL delivers it when the enqueuing transaction commits. */
const REQUESTS_CHANNEL = "parley_net_requests";

export interface NetWorkerOptions {
  db: Database;
  logger: Logger;
  /** The stack's gateway, for URLs written for the CLI's Docker stack (`http://kong:8000/...`). */
  gatewayUrl: () => string;
}

/**
 * pg_net's background worker: woken by `net.wake()` after a commit (and once when it starts, for
 * requests queued while the stack was down), it claims queued requests, performs them concurrently
 * and writes their responses to `net._http_response`, then deletes responses past their TTL.
 */
export class NetWorker {
  private readonly logger: Logger;
  private listener: NotificationListener | undefined;
  private draining: Promise<void> | undefined;
  private drainAgain = false;
  private stopped = true;

  constructor(private readonly options: NetWorkerOptions) {
    this.logger = options.logger.child({ service: "net" });
  }

  start(): void {
    this.stopped = false;
    this.listener = this.options.db.listen({
      channel: REQUESTS_CHANNEL,
      onNotification: () => void this.drain(),
      onListening: () => this.drain(),
      onError: (error) => this.logger.warn({ err: error }, "net: listener failed; retrying"),
    });
  }

  /** Stops listening and waits for the requests in flight (each bounded by its own timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.listener?.stop();
    this.listener = undefined;
    await this.draining?.catch(() => undefined);
  }

  private drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = (async () => {
      const admin = this.options.db.admin;
      if (!(await netInstalled(admin))) return;
      do {
        this.drainAgain = false;
        for (;;) {
          const requests = await claimRequests(admin);
          if (requests.length === 0) break;
          const gateway = this.options.gatewayUrl();
          const responses = await Promise.all(requests.map((request) => performRequest(request, gateway)));
          await recordResponses(admin, responses);
        }
        await deleteExpiredResponses(admin);
      } while (this.drainAgain && !this.stopped);
    })()
      .catch((error: unknown) => this.logger.error({ err: error }, "net: performing queued requests failed"))
      .finally(() => {
        this.draining = undefined;
      });
    return this.draining;
  }
}
