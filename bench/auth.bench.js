// Token refreshes and password sign-ins per second against a real stack (GoTrue-compatible
// /auth/v1). Sign-ins are bounded by bcrypt (cost 10, as GoTrue), CPU work on the stack, so the
// bench also runs raw bcrypt compares in this process — same cost, same concurrency, same cores,
// while the stack idles — and reports sign-ins as a share of that ceiling.
import bcrypt from "bcrypt";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { cpuPerOperation, processTreeCpu } from "./support/cpu.js";
import { measureLoop } from "./support/measure.js";
import { benchStackSetup, startBenchStack } from "./support/stack.js";

export const name = "auth";

const BCRYPT_COST = 10;
const CONFIG = `project_id = "bench-auth"
[auth]
refresh_token_reuse_interval = 10
[auth.rate_limit]
token_refresh = 100000000
sign_in_sign_ups = 100000000
token_verifications = 100000000
`;

export async function run({ quick }) {
  const seconds = quick ? 2 : 5;
  const concurrency = 8;
  const project = await mkdtemp(path.join(os.tmpdir(), "parley-bench-auth-"));
  // As root the stack runs PostgreSQL as the `postgres` user, which must pass through this folder to
  // the data folder inside; the stack never changes folders above its data folder, so we do.
  if (process.getuid?.() === 0) await chmod(project, 0o711);
  await mkdir(path.join(project, "supabase"), { recursive: true });
  await writeFile(path.join(project, "supabase", "config.toml"), CONFIG);
  const setup = await benchStackSetup(project);
  const stack = await startBenchStack(setup);
  try {
    const call = callAuth(stack.status);
    const password = "bench-password-1";
    const emails = await Promise.all(
      Array.from({ length: concurrency }, async (_, i) => {
        const email = `bench-${i}@example.com`;
        await call("/signup", { email, password });
        return email;
      }),
    );
    const pid = stack.child.pid;
    // Each lane's first refresh token comes from a password sign-in made before the refresh loop
    // starts, so neither its bcrypt CPU nor its wait falls inside the refresh figure.
    const firstTokens = await Promise.all(
      emails.map(async (email) => (await call("/token?grant_type=password", { email, password })).refresh_token),
    );
    // Refreshes run twice on one stack, for the same time each: the first window starts on a stack
    // that has served nothing but sign-ups (its hot paths still unoptimised by V8), the second is the
    // steady state a running server is in. Both are reported; the second is the figure, as the REST
    // bench counts only after a warm-up. Each lane carries its token chain from one window on.
    const laneTokens = [...firstTokens];
    const refreshWindow = async () => {
      const before = await processTreeCpu(pid);
      const result = await measureLoop({
        seconds,
        concurrency,
        setup: async (lane) => ({ lane, token: laneTokens[lane] }),
        run: async (state) => {
          state.token = (await call("/token?grant_type=refresh_token", { refresh_token: state.token })).refresh_token;
          laneTokens[state.lane] = state.token;
          return state;
        },
      });
      return { result, cpu: cpuPerOperation(before, await processTreeCpu(pid), result.operations) };
    };
    const { result: firstRefresh, cpu: firstRefreshCpu } = await refreshWindow();
    const { result: refresh, cpu: refreshCpu } = await refreshWindow();
    const beforeSignIn = await processTreeCpu(pid);
    const signIn = await measureLoop({
      seconds,
      concurrency,
      run: async (_state, lane) => call("/token?grant_type=password", { email: emails[lane], password }),
    });
    const signInCpu = cpuPerOperation(beforeSignIn, await processTreeCpu(pid), signIn.operations);
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    const rawBcrypt = await measureLoop({ seconds, concurrency, run: () => bcrypt.compare(password, hash) });
    const conditions = `${concurrency} concurrent clients, ${seconds} s`;
    return [
      {
        figure: "token refreshes, first window after start",
        value: firstRefresh.perSecond,
        unit: "req/s",
        conditions: `${conditions}, p50 ${firstRefresh.p50.toFixed(1)} ms, ${cpuText(firstRefreshCpu)}`,
      },
      {
        figure: "token refreshes",
        value: refresh.perSecond,
        unit: "req/s",
        conditions: `${conditions} after one window of the same length, p50 ${refresh.p50.toFixed(1)} ms, p95 ${refresh.p95.toFixed(1)} ms, ${cpuText(refreshCpu)}`,
      },
      {
        figure: "password sign-ins",
        value: signIn.perSecond,
        unit: "req/s",
        conditions: `bcrypt cost ${BCRYPT_COST}, ${conditions}, p50 ${signIn.p50.toFixed(1)} ms, ${cpuText(signInCpu)}`,
      },
      {
        figure: "raw bcrypt compares",
        value: rawBcrypt.perSecond,
        unit: "ops/s",
        conditions: `bcrypt cost ${BCRYPT_COST}, ${concurrency} concurrent calls in the bench process, ${seconds} s`,
      },
      {
        figure: "password sign-ins ÷ raw bcrypt",
        value: signIn.perSecond / rawBcrypt.perSecond,
        unit: "×",
        conditions: "same cost, concurrency and cores, one run",
      },
    ];
  } finally {
    await stack.stop();
    await setup.remove();
    await rm(project, { recursive: true, force: true });
  }
}

/** CPU per request of the stack's Node process (bcrypt included) and of PostgreSQL and the rest. */
function cpuText(cpu) {
  return `CPU/req ${cpu.ownMs.toFixed(2)} ms Node + ${cpu.descendantsMs.toFixed(2)} ms PostgreSQL`;
}

function callAuth(status) {
  return async (route, body) => {
    const response = await fetch(`${status.API_URL}/auth/v1${route}`, {
      method: "POST",
      headers: {
        apikey: status.PUBLISHABLE_KEY,
        authorization: `Bearer ${status.PUBLISHABLE_KEY}`,
        "content-type": "application/json",
        "x-supabase-api-version": "2024-01-01",
      },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}
