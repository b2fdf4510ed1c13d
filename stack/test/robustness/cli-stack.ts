// A stack started with the real CLI (`parley-stack start -o json`) in its own process, so tests
// can crash it (SIGKILL), signal it (SIGTERM) and restart it on the same data folder.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { startCliForeground, type CliStack } from "../support/cli.ts";

export type { CliStack };
export { isAlive } from "../../src/runtime/state-file.ts";

/** Starts the CLI in the foreground on `workdir` and resolves once it printed its status (it is ready). */
export function startCliStack(workdir: string, env: NodeJS.ProcessEnv): Promise<CliStack> {
  return startCliForeground(["--workdir", workdir], env);
}

/** The pid of the PostgreSQL postmaster serving a data folder. */
export async function postmasterPid(dataDir: string): Promise<number> {
  const text = await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
  return Number.parseInt(text.split("\n")[0] ?? "", 10);
}

/** Resolves with `promise`, or rejects once `ms` passed: for deadlines the code under test promises. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    }, reject);
  });
}
