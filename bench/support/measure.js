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

/** p50/p95/p99 of a list of latencies (ms), sorted once. */
export function percentiles(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: pick(sorted, 50), p95: pick(sorted, 95), p99: pick(sorted, 99) };
}

/** The `p`th percentile (0-100) of a list of values; NaN when it is empty. */
export function percentile(values, p) {
  return pick(
    [...values].sort((a, b) => a - b),
    p,
  );
}

function pick(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
