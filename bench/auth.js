#!/usr/bin/env node
// Auth benchmark: token refreshes per second and password sign-ins per second against a real
// Parley Stack (embedded PostgreSQL), started through the CLI on free ports with a temporary data
// folder. Prints a table and writes bench/results/auth.json.
//
//   node bench/auth.js [--seconds 5] [--concurrency 8]
//
// Password sign-ins are bounded by bcrypt (cost 10, as GoTrue), which is CPU work on the stack.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = path.join(root, "stack", "bin", "parley-stack.js");
const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" }, concurrency: { type: "string", default: "8" } } });
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const BCRYPT_COST = 10;

const CONFIG = `project_id = "bench-auth"
[auth]
refresh_token_reuse_interval = 10
[auth.rate_limit]
token_refresh = 100000000
sign_in_sign_ups = 100000000
token_verifications = 100000000
`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `parley-stack start -o json` in the foreground; resolves with its status once ready. */
function startStack(workdir, dataDir) {
  return new Promise(async (resolve, reject) => {
    const env = {
      ...process.env,
      PARLEY_STACK_API_PORT: String(await freePort()),
      PARLEY_STACK_DB_PORT: String(await freePort()),
      PARLEY_STACK_INBUCKET_PORT: String(await freePort()),
      PARLEY_STACK_DATA_DIR: dataDir,
      PARLEY_STACK_LOG_LEVEL: "warn",
    };
    const child = spawn(process.execPath, [bin, "start", "-o", "json", "--workdir", workdir], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      try {
        resolve({ child, status: JSON.parse(stdout) });
      } catch {
        // not the whole JSON yet
      }
    });
    child.once("exit", (code) => reject(new Error(`parley-stack exited with ${code}:\n${stderr}`)));
  });
}

function stopStack(child) {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function call(status, path, body, token) {
  const response = await fetch(`${status.API_URL}/auth/v1${path}`, {
    method: "POST",
    headers: {
      apikey: status.PUBLISHABLE_KEY,
      authorization: `Bearer ${token ?? status.PUBLISHABLE_KEY}`,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `worker` on `concurrency` loops for `seconds`; returns ops/s and latency percentiles. */
async function measure(name, worker) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      let state = await worker.setup?.(lane);
      while (performance.now() < deadline) {
        const t0 = performance.now();
        state = await worker.run(state, lane);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, operations: latencies.length, seconds: Number(elapsed.toFixed(2)), perSecond: Number((latencies.length / elapsed).toFixed(1)), p50ms: Number(pick(0.5).toFixed(1)), p95ms: Number(pick(0.95).toFixed(1)) };
}

const temp = await mkdtemp(path.join(os.tmpdir(), "parley-bench-auth-"));
const workdir = path.join(temp, "project");
await mkdir(path.join(workdir, "supabase"), { recursive: true });
await writeFile(path.join(workdir, "supabase", "config.toml"), CONFIG);
const { child, status } = await startStack(workdir, path.join(temp, "data"));
try {
  const password = "bench-password-1";
  const emails = await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const email = `bench-${i}@example.com`;
      await call(status, "/signup", { email, password });
      return email;
    }),
  );
  const refresh = await measure("token refresh (grant_type=refresh_token)", {
    setup: async (lane) => (await call(status, "/token?grant_type=password", { email: emails[lane], password })).refresh_token,
    run: async (token) => (await call(status, "/token?grant_type=refresh_token", { refresh_token: token })).refresh_token,
  });
  const signIn = await measure(`password sign-in (grant_type=password, bcrypt cost ${BCRYPT_COST})`, {
    run: async (_state, lane) => {
      await call(status, "/token?grant_type=password", { email: emails[lane], password });
    },
  });
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? "", node: process.version },
    settings: { seconds, concurrency, bcryptCost: BCRYPT_COST },
    results: [refresh, signIn],
  };
  console.log(`Parley Stack auth benchmark — ${results.machine.cpus} CPUs, Node ${process.version}, ${concurrency} concurrent clients, ${seconds}s each`);
  console.table(results.results.map((r) => ({ benchmark: r.name, "ops/s": r.perSecond, "p50 ms": r.p50ms, "p95 ms": r.p95ms, ops: r.operations })));
  await mkdir(path.join(root, "bench", "results"), { recursive: true });
  await writeFile(path.join(root, "bench", "results", "auth.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("wrote bench/results/auth.json");
} finally {
  await stopStack(child);
  await rm(temp, { recursive: true, force: true });
}
