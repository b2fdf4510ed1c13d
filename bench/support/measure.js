// Closed-loop load: `concurrency` lanes each run `worker.run` back to back until time is up.

/** Returns operations per second and latency percentiles (ms). */
export async function measureLoop({ seconds, concurrency, setup, run }) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      let state = await setup?.(lane);
      while (performance.now() < deadline) {
        const t0 = performance.now();
        state = await run(state, lane);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { operations: latencies.length, perSecond: latencies.length / elapsed, ...percentiles(latencies) };
}

/** p50/p95/p99 of a list of latencies (ms). */
export function percentiles(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: pick(0.5), p95: pick(0.95), p99: pick(0.99) };
}
