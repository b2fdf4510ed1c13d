/**
 * Starts and stops what browser tests run against: a real Parley Stack on free loopback ports
 * with a temporary data folder, and the production build of the app, configured for that stack
 * and served by `vite preview`. Playwright's global setup uses it; any later harness (a second
 * stack for a test of its own, a benchmark) should too.
 *
 * @example
 * const environment = await startEnvironment();
 * try { … environment.appUrl … } finally { await environment.stop(); }
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { preview, type PreviewServer } from "vite";

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const repoRoot = resolve(webDir, "..");
const stackBin = join(repoRoot, "stack/bin/parley-stack.js");
const stackBuild = join(repoRoot, "stack/scripts/build.js");
const viteBin = join(repoRoot, "node_modules/vite/bin/vite.js");
const host = "127.0.0.1";

/** Carries the running environment from Playwright's global setup to its test workers (JSON). */
export const environmentVariable = "PARLEY_E2E_ENVIRONMENT";

/** The stack's `start -o json` output, under the Supabase CLI's status names. */
export type StackStatus = Record<string, string> & {
  API_URL: string;
  PUBLISHABLE_KEY: string;
};

export type E2eEnvironment = {
  /** Where the app is served, e.g. `http://127.0.0.1:41234`. */
  appUrl: string;
  stack: StackStatus;
};

export type RunningEnvironment = E2eEnvironment & {
  /** Stops the app server and the stack, and deletes every temporary folder. Safe to call twice. */
  stop: () => Promise<void>;
};

type Timeouts = { stackStartMs: number; stackStopMs: number };

const defaultTimeouts: Timeouts = { stackStartMs: 180_000, stackStopMs: 30_000 };

type ConfigOverrides = Record<`SUPABASE_${string}`, string>;

export type EnvironmentOptions = {
  timeouts?: Timeouts;
  /**
   * `SUPABASE_<KEY_PATH>` overrides of `supabase/config.toml`, read with the Supabase CLI's meaning
   * (`{ SUPABASE_AUTH_JWT_EXPIRY: "5" }` sets `auth.jwt_expiry`), for a dedicated stack whose
   * config differs from the project's without copying or editing it.
   */
  configOverrides?: ConfigOverrides | ((app: { url: string }) => ConfigOverrides);
  /**
   * The host name in the app's URL. `localhost` for WebAuthn (passkeys, security keys): browsers
   * refuse an IP address as relying party. The app still listens on the loopback address, which
   * Chromium resolves `localhost` to.
   */
  appHostName?: "127.0.0.1" | "localhost";
  /** Extra `VITE_*` build variables for the app (`{ VITE_GOOGLE_CLIENT_ID: "…" }`). */
  appEnv?: Record<`VITE_${string}`, string>;
};

export async function startEnvironment({
  timeouts = defaultTimeouts,
  configOverrides = {},
  appEnv = {},
  appHostName = host,
}: EnvironmentOptions = {}): Promise<RunningEnvironment> {
  const workDir = await mkdtemp(join(tmpdir(), "parley-e2e-"));
  // As root the stack runs PostgreSQL as the `postgres` user, which must pass through this folder to
  // the data folder inside; the stack never changes folders above its data folder, so we do.
  if (process.getuid?.() === 0) await chmod(workDir, 0o711);
  const cleanups: Array<() => Promise<void>> = [() => rm(workDir, { recursive: true, force: true })];
  const stop = once(async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, "could not stop the e2e environment cleanly");
  });
  // Last resort when the runner dies without tearing down: nothing may outlive it.
  const onExit = () => rmSync(workDir, { recursive: true, force: true });
  process.once("exit", onExit);
  cleanups.unshift(async () => void process.off("exit", onExit));

  try {
    // The bin runs the compiled stack (stack/dist): rebuild it when stack/src changed since.
    const build = spawnSync(process.execPath, [stackBuild, "--if-stale"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error(`the stack did not build (exit code ${build.status ?? build.signal})`);
    const [apiPort, dbPort, inbucketPort, appPort] = (await freePorts(4)) as [number, number, number, number];
    const appUrl = `http://${appHostName}:${appPort}`;
    const stack = await startStack({
      dataDir: join(workDir, "stack-data"),
      ports: { api: apiPort, db: dbPort, inbucket: inbucketPort },
      timeouts,
      configOverrides: typeof configOverrides === "function" ? configOverrides({ url: appUrl }) : configOverrides,
    });
    cleanups.push(stack.stop);

    const outDir = join(workDir, "app");
    await buildApp({ outDir, url: stack.status.API_URL, publishableKey: stack.status.PUBLISHABLE_KEY, env: appEnv });
    const server = await serveApp({ outDir, port: appPort });
    cleanups.push(() => closePreview(server));

    return { appUrl, stack: stack.status, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Distinct ports free on the loopback interface right now (held together so none repeats). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => {
      const server = createServer();
      return new Promise<ReturnType<typeof createServer>>((done, fail) => {
        server.once("error", fail);
        server.listen(0, host, () => done(server));
      });
    }),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("no port assigned");
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

type StackOptions = {
  dataDir: string;
  ports: { api: number; db: number; inbucket: number };
  timeouts: Timeouts;
  configOverrides?: Record<string, string>;
  /** More `start` flags (`--production`, `--web-dir …`). */
  flags?: string[];
};

/**
 * Runs `parley-stack start -o json` in the foreground and resolves with its status once it prints
 * the JSON object that says it is ready. `stop()` sends SIGTERM and waits for a clean exit.
 */
export async function startStack({ dataDir, ports, timeouts, configOverrides = {}, flags = [] }: StackOptions) {
  const child = spawn(process.execPath, [stackBin, "start", "--workdir", repoRoot, "-o", "json", ...flags], {
    cwd: repoRoot,
    env: {
      ...withoutConfigOverrides(process.env),
      ...configOverrides,
      PARLEY_STACK_API_PORT: String(ports.api),
      PARLEY_STACK_DB_PORT: String(ports.db),
      PARLEY_STACK_INBUCKET_PORT: String(ports.inbucket),
      PARLEY_STACK_DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that a stack which ignores SIGTERM can be killed with its children.
    detached: true,
  });
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.once("exit", killGroup);

  const stop = once(async () => {
    process.off("exit", killGroup);
    await terminate(child, timeouts.stackStopMs, killGroup);
  });

  try {
    const status = await readReadyStatus(child, timeouts.stackStartMs);
    return { status, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The runner's environment minus SUPABASE_* variables, so only the overrides a caller names apply. */
function withoutConfigOverrides(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("SUPABASE_")));
}

function readReadyStatus(child: ChildProcess, timeoutMs: number): Promise<StackStatus> {
  return new Promise((done, fail) => {
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(
      () => finish(new Error(`Parley Stack was not ready after ${timeoutMs / 1000} s.\n${stderr.slice(-4000)}`)),
      timeoutMs,
    );
    function finish(result: StackStatus | Error) {
      clearTimeout(timer);
      child.stdout?.off("data", onStdout);
      child.off("exit", onExit);
      child.stdout?.resume(); // keep draining: a full pipe would block the stack
      child.stderr?.resume();
      if (result instanceof Error) fail(result);
      else done(result);
    }
    function onStdout(chunk: Buffer) {
      stdout += chunk.toString("utf8");
      const status = parseStatus(stdout);
      if (status) finish(status);
    }
    function onExit(code: number | null, signal: NodeJS.Signals | null) {
      finish(
        new Error(
          `Parley Stack exited (${signal ?? `code ${code}`}) before it was ready.\nstdout: ${stdout.slice(-2000)}\nstderr: ${stderr.slice(-4000)}`,
        ),
      );
    }
    child.stdout?.on("data", onStdout);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (process.env.PARLEY_E2E_STACK_LOGS) process.stderr.write(chunk);
    });
    child.once("exit", onExit);
  });
}

/** The status object once stdout holds a complete JSON object with the keys the app needs. */
function parseStatus(stdout: string): StackStatus | undefined {
  const start = stdout.indexOf("{");
  if (start === -1) return undefined;
  try {
    const value: unknown = JSON.parse(stdout.slice(start));
    if (typeof value !== "object" || value === null) return undefined;
    const status = value as Record<string, unknown>;
    if (typeof status.API_URL !== "string" || typeof status.PUBLISHABLE_KEY !== "string") {
      throw new Error(`Parley Stack's status lacks API_URL or PUBLISHABLE_KEY: ${stdout.slice(start)}`);
    }
    return status as StackStatus;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined; // not all of it yet
    throw error;
  }
}

async function terminate(child: ChildProcess, timeoutMs: number, kill: () => void): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((done) => {
    timer = setTimeout(() => done("timeout"), timeoutMs);
  });
  const outcome = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    kill();
    await exited;
    throw new Error(`Parley Stack did not stop within ${timeoutMs / 1000} s of SIGTERM; killed it.`);
  }
}

/**
 * A production build of the app pointed at the given backend, in `outDir`; without `url` and
 * `publishableKey` the build knows no backend and takes both from the server at run time
 * (`/parley-config.js`). Optional app variables (`VITE_GOOGLE_CLIENT_ID`) come only from `env`,
 * never from the shell running the tests.
 */
export async function buildApp({
  outDir,
  url = "",
  publishableKey = "",
  env = {},
}: {
  outDir: string;
  url?: string;
  publishableKey?: string;
  env?: Record<string, string>;
}) {
  const child = spawn(process.execPath, [viteBin, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: webDir,
    env: {
      ...process.env,
      VITE_GOOGLE_CLIENT_ID: "",
      ...env,
      VITE_SUPABASE_URL: url,
      VITE_SUPABASE_PUBLISHABLE_KEY: publishableKey,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await new Promise<number | null>((done, fail) => {
    child.once("error", fail);
    child.once("exit", done);
  });
  if (code !== 0) throw new Error(`vite build failed (exit ${code}):\n${output}`);
}

/** Serves a build with `vite preview` on a loopback port; resolves once it listens. */
export function serveApp({ outDir, port }: { outDir: string; port: number }): Promise<PreviewServer> {
  return preview({
    root: webDir,
    configFile: false,
    logLevel: "warn",
    build: { outDir },
    preview: { host, port, strictPort: true, open: false },
  });
}

async function closePreview(server: PreviewServer): Promise<void> {
  await server.close();
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}
