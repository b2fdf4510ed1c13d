// Edge functions: cold first invocation (a function's Deno process boots on its first request),
// warm latency p50/p99 of a trivial function over keep-alive HTTP, and requests per second with
// concurrent callers. The stack runs through its CLI on the `functions` fixture project.
import { readFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { measureLoop, percentile } from "./support/measure.js";
import { benchStackSetup, startBenchStack } from "./support/stack.js";

export const name = "functions";

const fixture = fileURLToPath(new URL("../stack/test/fixtures/functions", import.meta.url));
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One GET over a keep-alive connection; resolves with the elapsed milliseconds. */
function get(url) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.once("end", () =>
        res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    });
    req.once("error", reject);
    req.end();
  });
}

export async function run({ quick }) {
  const setup = await benchStackSetup(fixture);
  const stack = await startBenchStack(setup);
  const base = `${stack.status.API_URL}/functions/v1`;
  const rows = [];
  try {
    // Cold: the first request to each function boots its worker (Deno start, module load, serve).
    const cold = [];
    for (const fn of ["hello", "echo", "declarative", "env", "stream/binary", "renamed"])
      cold.push(await get(`${base}/${fn}`));
    rows.push({
      figure: "cold first invocation, median",
      value: percentile(cold, 50),
      unit: "ms",
      conditions: `${cold.length} functions without imports, each booting its Deno process`,
    });
    rows.push({
      figure: "cold first invocation, npm:@supabase/supabase-js",
      value: await get(`${base}/mapped`),
      unit: "ms",
      conditions: "deno.json import map, npm package from the project's node_modules",
    });

    // Warm: sequential calls of a booted trivial function.
    const trivial = `${base}/hello`;
    const sequential = quick ? 300 : 2000;
    for (let i = 0; i < 50; i += 1) await get(trivial);
    const warm = [];
    for (let i = 0; i < sequential; i += 1) warm.push(await get(trivial));
    rows.push({
      figure: "warm invocation p50",
      value: percentile(warm, 50),
      unit: "ms",
      conditions: `GET /functions/v1/hello (Response.json), ${sequential} sequential calls, keep-alive`,
    });
    rows.push({
      figure: "warm invocation p99",
      value: percentile(warm, 99),
      unit: "ms",
      conditions: `same ${sequential} calls`,
    });

    // The same path without Deno: what the gateway and proxy add is the difference.
    const gateway = [];
    for (let i = 0; i < sequential; i += 1) gateway.push(await timeStatus(`${base}/missing`));
    rows.push({
      figure: "gateway alone p50 (404, no worker)",
      value: percentile(gateway, 50),
      unit: "ms",
      conditions: "GET /functions/v1/missing, for comparison",
    });

    // Memory: resident size of the booted Deno workers (children of the stack's process).
    const workers = await denoWorkerRss(stack.child.pid);
    if (workers.count > 0) {
      rows.push({
        figure: "memory per warm worker",
        value: workers.bytes / workers.count / 1024 / 1024,
        unit: "MiB",
        conditions: `RSS averaged over ${workers.count} booted Deno processes`,
      });
    }

    // Throughput: concurrent callers for a fixed time.
    const concurrency = 16;
    const durationMs = quick ? 3000 : 10000;
    const throughput = await measureLoop({ seconds: durationMs / 1000, concurrency, run: () => get(trivial) });
    rows.push({
      figure: "warm throughput",
      value: throughput.perSecond,
      unit: "req/s",
      conditions: `${concurrency} concurrent keep-alive callers for ${durationMs / 1000} s, client on the same 2 cores`,
    });
  } finally {
    await stack.stop();
    await setup.remove();
    agent.destroy();
  }
  return rows;
}

/** Like get() but any status counts (the 404 baseline). */
function timeStatus(url) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.once("end", () => resolve(performance.now() - started));
    });
    req.once("error", reject);
    req.end();
  });
}

/** Summed RSS of the stack's Deno children (its function workers). */
async function denoWorkerRss(stackPid) {
  let bytes = 0;
  let count = 0;
  const children = (await readFile(`/proc/${stackPid}/task/${stackPid}/children`, "utf8").catch(() => ""))
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  for (const pid of children) {
    const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    if (!/^Name:\s+deno/m.test(status)) continue;
    bytes += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    count += 1;
  }
  return { bytes, count };
}
