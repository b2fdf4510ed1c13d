import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { findFreePort } from "../../src/runtime/port-probe.ts";

export const BIN = fileURLToPath(new URL("../../bin/parley-stack.js", import.meta.url));

/** Env for a CLI run on free ports with a given data folder. */
export async function cliEnv(dataDir: string): Promise<NodeJS.ProcessEnv> {
  return {
    ...process.env,
    PARLEY_STACK_API_PORT: String(await findFreePort()),
    PARLEY_STACK_DB_PORT: String(await findFreePort()),
    PARLEY_STACK_INBUCKET_PORT: String(await findFreePort()),
    PARLEY_STACK_DATA_DIR: dataDir,
    PARLEY_STACK_LOG_LEVEL: "warn",
  };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `parley-stack <args>` to completion. */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A stack started by the real CLI in its own process: tests can signal, crash and restart it. */
export interface CliStack {
  child: ChildProcess;
  /** The status it printed once ready. */
  status: Record<string, string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote to stderr so far (its log). */
  stderr(): string;
}

/** Starts `parley-stack start -o json` in the foreground and resolves with the status it prints when ready. */
export function startCliForeground(args: string[], env: NodeJS.ProcessEnv): Promise<CliStack> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "start", "-o", "json", ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.once("exit", (code, signal) => done({ code, signal })),
    );
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
    void exited.then(({ code }) =>
      reject(new Error(`parley-stack exited with ${code} before it was ready:\n${stderr}`)),
    );
  });
}
