import type { Logger } from "pino";
import type { EdgeFunction } from "./discover-functions.ts";
import { watchStuckWorker } from "./stuck-worker-watchdog.ts";
import { FunctionWorker, type WorkerOptions } from "./function-worker.ts";

export interface WorkerPoolOptions extends Omit<WorkerOptions, "env"> {
  /** `[edge_runtime] policy`: `per_worker` keeps a worker between requests, `oneshot` uses one per request. */
  policy: "per_worker" | "oneshot";
  /** How long a worker may be busy before it is probed, and killed (546) when it cannot answer. */
  cpuLimitMs: number;
  /** The environment for a new worker (read afresh: .env edits apply on restart). */
  env: () => Promise<Record<string, string>>;
  logger: Logger;
}

/**
 * At most one live worker per function (edge-runtime's `per_worker` policy): created on the first
 * request, reused after, restarted when it crashed, and retired — after its
 * in-flight requests — when the function's files change. With `oneshot`, every request gets a
 * fresh worker, retired once the request is done.
 */
export class WorkerPool {
  private readonly workers = new Map<string, FunctionWorker>();
  private readonly inflight = new Map<FunctionWorker, number>();
  private readonly retiring = new Set<FunctionWorker>();
  private readonly watchdogs = new Map<FunctionWorker, () => void>();
  private stopping = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** The live worker for `fn`, starting one when there is none. */
  async acquire(fn: EdgeFunction): Promise<FunctionWorker> {
    // A worker started now would outlive the stack's stop (e.g. a warm-up racing a shutdown).
    if (this.stopping) throw new Error("the functions service is stopping");
    const current = this.workers.get(fn.name);
    if (current?.alive) return current;
    const worker = new FunctionWorker(fn, { ...this.options, env: await this.options.env() });
    const raced = this.workers.get(fn.name);
    if (raced !== current && raced?.alive) return raced;
    this.workers.set(fn.name, worker);
    void worker.exited.then((reason) => {
      if (this.workers.get(fn.name) !== worker) return;
      this.workers.delete(fn.name);
      // Restart a crashed worker at once, so the next caller finds it warm. Only one that was
      // given requests: a worker dying on its own right after booting would otherwise loop.
      if (reason !== "stopped" && reason !== "boot_error" && !this.stopping && worker.requests > 0) {
        this.options.logger.info({ function: fn.name }, "restarting the function's worker after it exited");
        void this.acquire(fn)
          .then((next) => next.ready())
          .catch(() => undefined);
      }
    });
    return worker;
  }

  /** Marks a request as running on `worker`; call the returned function when it has finished. */
  begin(worker: FunctionWorker): () => void {
    worker.requests += 1;
    const running = this.inflight.get(worker) ?? 0;
    if (running === 0) this.watchdogs.set(worker, watchStuckWorker(worker, this.options.cpuLimitMs));
    this.inflight.set(worker, running + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (this.options.policy === "oneshot") this.retire(worker);
      const left = (this.inflight.get(worker) ?? 1) - 1;
      if (left > 0) this.inflight.set(worker, left);
      else {
        this.inflight.delete(worker);
        this.watchdogs.get(worker)?.();
        this.watchdogs.delete(worker);
        if (this.retiring.has(worker)) void this.stopWorker(worker);
      }
    };
  }

  /** Retires every worker: new requests get a fresh process, running ones finish on the old. */
  retireAll(): void {
    for (const worker of [...this.workers.values()]) this.retire(worker);
  }

  private retire(worker: FunctionWorker): void {
    if (this.workers.get(worker.fn.name) === worker) this.workers.delete(worker.fn.name);
    this.retiring.add(worker);
    if (!this.inflight.has(worker)) void this.stopWorker(worker);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const stopWatching of this.watchdogs.values()) stopWatching();
    const all = new Set([...this.workers.values(), ...this.retiring]);
    this.workers.clear();
    await Promise.all([...all].map((worker) => worker.stop()));
  }

  private async stopWorker(worker: FunctionWorker): Promise<void> {
    this.retiring.delete(worker);
    await worker.stop();
  }
}
