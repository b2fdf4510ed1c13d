// Auth throughput against a real stack started through its CLI: token refreshes per second and
// password sign-ins per second (bounded by bcrypt at GoTrue's cost 10, hashed on the thread pool).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchStackSetup, startBenchStack } from "./support/stack.js";

export const name = "auth";
export const BCRYPT_COST = 10;

// Limits lifted so the benchmark measures the server, not the per-IP buckets.
const CONFIG = `project_id = "bench-auth"
[auth]
refresh_token_reuse_interval = 10
[auth.rate_limit]
token_refresh = 100000000
sign_in_sign_ups = 100000000
token_verifications = 100000000
`;

async function call(status, route, body) {
  const response = await fetch(`${status.API_URL}/auth/v1${route}`, {
    method: "POST",
    headers: { apikey: status.PUBLISHABLE_KEY, "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `step` on `concurrency` loops for `seconds`; ops/s and latency percentiles. */
async function measure({ seconds, concurrency, setup, step }) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      let state = await setup?.(lane);
      while (performance.now() < deadline) {
        const t0 = performance.now();
        state = await step(state, lane);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / elapsed, p50: pick(0.5), p95: pick(0.95), operations: latencies.length };
}

/** `[{ figure, value, unit, conditions }]` as bench/run.js expects. */
export async function run({ quick = false, seconds = quick ? 2 : 5, concurrency = 8 } = {}) {
  const project = await mkdtemp(path.join(tmpdir(), "parley-bench-auth-"));
  await mkdir(path.join(project, "supabase"), { recursive: true });
  await writeFile(path.join(project, "supabase", "config.toml"), CONFIG);
  const setup = await benchStackSetup(project);
  const stack = await startBenchStack(setup);
  try {
    const { status } = stack;
    const password = "bench-password-1";
    const emails = await Promise.all(
      Array.from({ length: concurrency }, async (_, i) => {
        const email = `bench-${i}@example.com`;
        await call(status, "/signup", { email, password });
        return email;
      }),
    );
    const refresh = await measure({
      seconds,
      concurrency,
      setup: async (lane) => (await call(status, "/token?grant_type=password", { email: emails[lane], password })).refresh_token,
      step: async (token) => (await call(status, "/token?grant_type=refresh_token", { refresh_token: token })).refresh_token,
    });
    const signIn = await measure({
      seconds,
      concurrency,
      step: async (_state, lane) => {
        await call(status, "/token?grant_type=password", { email: emails[lane], password });
      },
    });
    const conditions = `${concurrency} concurrent clients, ${seconds} s`;
    return [
      { figure: "token refreshes", value: refresh.perSecond, unit: "/s", conditions: `${conditions}; p50 ${refresh.p50.toFixed(1)} ms, p95 ${refresh.p95.toFixed(1)} ms` },
      {
        figure: "password sign-ins",
        value: signIn.perSecond,
        unit: "/s",
        conditions: `${conditions}; bcrypt cost ${BCRYPT_COST}; p50 ${signIn.p50.toFixed(1)} ms, p95 ${signIn.p95.toFixed(1)} ms`,
      },
    ];
  } finally {
    await stack.stop();
    await setup.remove();
    await rm(project, { recursive: true, force: true });
  }
}
