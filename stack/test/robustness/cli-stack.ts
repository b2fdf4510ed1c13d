// A stack started with the real CLI (`parley-stack start -o json`) in its own process, so tests
// can crash it (SIGKILL), signal it (SIGTERM) and restart it on the same data folder.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { BIN } from "../support/cli.ts";

export interface CliStack {
  child: ChildProcess;
  status: Record<string, string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote to stderr so far (its log). */
  stderr(): string;
}

/** Starts the CLI in the foreground and resolves once it printed its status (it is ready). */
export function startCliStack(workdir: string, env: NodeJS.ProcessEnv): Promise<CliStack> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "start", "-o", "json", "--workdir", workdir], { env, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once("exit", (code, signal) => done({ code, signal })));
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      try {
        resolve({ child, status: JSON.parse(stdout) as Record<string, string>, exited, stderr: () => stderr });
      } catch {
        // not the whole JSON object yet
      }
    });
    void exited.then(({ code }) => reject(new Error(`parley-stack exited with ${code} before it was ready:\n${stderr}`)));
  });
}

/** The pid of the PostgreSQL postmaster serving a data folder. */
export async function postmasterPid(dataDir: string): Promise<number> {
  const text = await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
  return Number.parseInt(text.split("\n")[0] ?? "", 10);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
