// Cold start (empty data folder: initdb, platform SQL, migrations, seed), warm start (same folder
// again) and the stack's total resident memory once idle.
import { benchStackSetup, processCpuMs, stackMemory, startBenchStack } from "./support/stack.js";

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
    rows.push({
      figure: "stack memory, idle (PSS)",
      value: memory.pssBytes / 1024 / 1024,
      unit: "MiB",
      conditions: "the same processes, shared pages counted once (proportional set size)",
    });
    await cold.stop();
    const warmRuns = quick ? 1 : 3;
    const warm = [];
    const warmCpu = [];
    for (let i = 0; i < warmRuns; i += 1) {
      const stack = await startBenchStack(setup);
      warm.push(stack.readyMs);
      warmCpu.push(await processCpuMs(stack.child.pid));
      await stack.stop();
    }
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    rows.push({
      figure: "warm start (existing data folder)",
      value: median(warm),
      unit: "ms",
      conditions: `median of ${warmRuns}`,
    });
    rows.push({
      figure: "warm start, CPU of the stack's node process",
      value: median(warmCpu),
      unit: "ms",
      conditions: `median of ${warmRuns}; PostgreSQL's own processes not included`,
    });
  } finally {
    await setup.remove();
  }
  return rows;
}
