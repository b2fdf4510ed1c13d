// Cold start (empty data folder: initdb, platform SQL, migrations, seed), warm start (same folder
// again) and the stack's total resident memory once idle.
import { benchStackSetup, stackMemory, startBenchStack } from "./support/stack.js";

export const name = "startup";

export async function run({ quick }) {
  const setup = await benchStackSetup();
  const rows = [];
  try {
    const cold = await startBenchStack(setup);
    rows.push({
      figure: "cold start (empty data folder)",
      value: cold.readyMs,
      unit: "ms",
      conditions: "start → status printed",
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const memory = await stackMemory(cold, setup);
    rows.push({
      figure: "stack memory, idle",
      value: memory.bytes / 1024 / 1024,
      unit: "MiB",
      conditions: `RSS summed over ${memory.processes} processes (node + PostgreSQL)`,
    });
    await cold.stop();
    const warmRuns = quick ? 1 : 3;
    const warm = [];
    for (let i = 0; i < warmRuns; i += 1) {
      const stack = await startBenchStack(setup);
      warm.push(stack.readyMs);
      await stack.stop();
    }
    warm.sort((a, b) => a - b);
    rows.push({
      figure: "warm start (existing data folder)",
      value: warm[Math.floor(warm.length / 2)],
      unit: "ms",
      conditions: `median of ${warmRuns}`,
    });
  } finally {
    await setup.remove();
  }
  return rows;
}
