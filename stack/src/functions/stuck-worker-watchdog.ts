import type { FunctionWorker } from "./function-worker.ts";

const TICK_MS = 250;
const PROBE_TIMEOUT_MS = 1500;

/**
 * edge-runtime's CPU hard limit (2 s, cli main.ts cpuTimeHardLimitMs) for the case that matters
 * locally: a function whose event loop is stuck in synchronous work. While requests are in flight
 * the worker is probed every `limitMs`; one that cannot answer the probe is killed and its requests
 * answered 546 WORKER_LIMIT. A worker that is merely waiting (I/O, timers) or busy with many short
 * requests answers and is left alone. Probing rather than measuring CPU time keeps this working on a
 * crowded machine, where a stuck process may get only a fraction of a core.
 * @example const stop = watchStuckWorker(worker, 2000); … stop();
 */
export function watchStuckWorker(worker: FunctionWorker, limitMs: number): () => void {
  let busySince = performance.now();
  let probing = false;
  const timer = setInterval(() => {
    // Booting is not being stuck: module loading is bounded by the idle timeout instead.
    if (!worker.booted) busySince = performance.now();
    if (probing || performance.now() - busySince < limitMs) return;
    probing = true;
    void worker.responsive(PROBE_TIMEOUT_MS).then((answered) => {
      if (!answered) worker.terminate("cpu");
      busySince = performance.now();
      probing = false;
    });
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
