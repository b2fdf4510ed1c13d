import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { pathToFileURL } from "node:url";
import type { Logger } from "pino";
import { denoRunArgs, findProjectNodeModules, type NpmSource } from "./deno-args.ts";
import type { EdgeFunction } from "./discover-functions.ts";
import { FunctionError } from "./function-errors.ts";
import { splitDenoProgress } from "./deno-output.ts";
import { readEntries } from "./line-reader.ts";
import { describeRemoteImportFailure, findRemoteImportFailure } from "./remote-import-error.ts";

const READY_MARKER = "\u0000parley-functions-ready";
const BOOT_ERROR_MARKER = "\u0000parley-functions-boot-error";
/** Deno's message when `npm:` is not in the project's node_modules (manual mode). */
const NOT_IN_NODE_MODULES = /Could not find a matching package for 'npm:/;
const OUT_OF_MEMORY = /out of memory|heap limit|Allocation failed/i;
/** The bootstrap answers a request carrying this header and the worker's token itself. */
export const PING_HEADER = "x-parley-worker-ping";

/** Why a worker's process ended. */
export type WorkerExit = "boot_error" | "crash" | "memory" | "cpu" | "unresponsive" | "stopped";

export interface WorkerOptions {
  deno: string;
  bootstrap: string;
  env: Record<string, string>;
  memoryLimitMb: number;
  logger: Logger;
}

/**
 * One function's Deno process: booted once, then serving every request on a loopback port until it
 * exits or is stopped (edge-runtime's `per_worker` policy). Its stdout/stderr lines go to the
 * stack's log under the function's name.
 */
export class FunctionWorker {
  /** Hosted's SB_EXECUTION_ID: one id per isolate (edge-runtime sets it per worker). */
  readonly executionId = randomUUID();
  private child: ChildProcess | undefined;
  private exitReason: WorkerExit | undefined;
  private readonly recentErrors: string[] = [];
  private readonly log: Logger;
  private exitedResolve!: (reason: WorkerExit) => void;
  /** Settles when the process has exited, with the reason. */
  readonly exited = new Promise<WorkerExit>((resolve) => (this.exitedResolve = resolve));
  private readyPromise: Promise<number> | undefined;

  constructor(
    readonly fn: EdgeFunction,
    private readonly options: WorkerOptions,
  ) {
    this.log = options.logger.child({ function: fn.name });
  }

  get alive(): boolean {
    return this.exitReason === undefined;
  }

  /** Requests routed to this worker so far (the pool counts them). */
  requests = 0;
  /** Answers the bootstrap's liveness probe; never sent by clients (the proxy drops the header). */
  private readonly pingToken = randomUUID();
  private port: number | undefined;

  /** True once the worker has booted and until it exits. */
  get booted(): boolean {
    return this.port !== undefined;
  }

  /** Whether the worker's event loop answers a probe within `timeoutMs` (false when it is blocked). */
  responsive(timeoutMs: number): Promise<boolean> {
    const port = this.port;
    if (port === undefined) return Promise.resolve(false);
    return new Promise((resolve) => {
      const probe = httpRequest({
        host: "127.0.0.1",
        port,
        path: "/",
        method: "GET",
        headers: { [PING_HEADER]: this.pingToken },
        timeout: timeoutMs,
      });
      probe.once("response", (response) => {
        response.resume();
        resolve(true);
      });
      probe.once("timeout", () => {
        probe.destroy();
        resolve(false);
      });
      probe.once("error", () => resolve(false));
      probe.end();
    });
  }

  /** Kills a worker that broke a limit; requests in flight then get 546 WORKER_LIMIT. */
  terminate(reason: "cpu" | "unresponsive"): void {
    if (this.exitReason !== undefined) return;
    this.exitReason = reason;
    this.log.error(
      { reason },
      reason === "cpu"
        ? "function worker kept its event loop busy past the CPU time limit"
        : "function worker stopped responding",
    );
    this.child?.kill("SIGKILL");
  }

  /** Boots the process once; resolves with its port, or rejects with a BOOT_ERROR. */
  ready(): Promise<number> {
    this.readyPromise ??= this.boot();
    return this.readyPromise;
  }

  private async boot(): Promise<number> {
    const nodeModules = findProjectNodeModules(this.fn.directory);
    const first: NpmSource = nodeModules ? { kind: "project", nodeModules } : { kind: "deno-cache" };
    try {
      return await this.spawnOnce(first);
    } catch (error) {
      // A package the project has not installed: fetch it as the CLI's runtime would (needs the registry).
      if (first.kind === "project" && this.recentErrors.some((line) => NOT_IN_NODE_MODULES.test(line))) {
        this.log.warn(
          "an npm: import is not installed in the project's node_modules; falling back to Deno's npm cache (needs the npm registry)",
        );
        return this.spawnOnce({ kind: "deno-cache" });
      }
      throw error;
    }
  }

  private spawnOnce(npm: NpmSource): Promise<number> {
    this.recentErrors.length = 0;
    const env: Record<string, string> = {
      ...this.options.env,
      SB_EXECUTION_ID: this.executionId,
      PARLEY_FN_ENTRYPOINT: pathToFileURL(this.fn.entrypoint).href,
      PARLEY_FN_PING_TOKEN: this.pingToken,
      NO_COLOR: "1",
    };
    if (!this.fn.usePackageJson) env.DENO_NO_PACKAGE_JSON = "1";
    const child = spawn(
      this.options.deno,
      denoRunArgs(this.fn, npm, this.options.bootstrap, this.options.memoryLimitMb),
      {
        cwd: this.fn.directory,
        env,
        // stdin stays open and unused: the worker exits when it closes, so a killed stack leaves no orphans.
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    this.child = child;
    const spawnedAt = performance.now();
    return new Promise<number>((resolve, reject) => {
      let booted = false;
      readEntries(child.stdout!, (lines) => {
        const output = lines.filter((line) => {
          if (line === BOOT_ERROR_MARKER) return false;
          if (!line.startsWith(READY_MARKER)) return true;
          booted = true;
          this.log.info(
            { ms: Math.round(performance.now() - spawnedAt), pid: child.pid, npm: npm.kind },
            "function worker booted",
          );
          this.port = Number(line.slice(READY_MARKER.length + 1));
          resolve(this.port);
          return false;
        });
        if (output.length > 0) this.log.info(output.join("\n"));
      });
      readEntries(child.stderr!, (lines) => this.logStderr(lines));
      child.once("error", (error) => {
        this.log.error({ err: error }, "could not start deno");
        reject(new FunctionError("BOOT_ERROR", error.message));
      });
      child.once("exit", (code, signal) => {
        if (!booted) {
          this.child = undefined;
          const retried = npm.kind === "project" && this.recentErrors.some((l) => NOT_IN_NODE_MODULES.test(l));
          const hint = retried ? undefined : this.explainBootFailure();
          reject(new FunctionError("BOOT_ERROR", `deno exited with ${signal ?? code}`, hint));
          if (retried) return;
          this.settle("boot_error");
          return;
        }
        const reason: WorkerExit =
          this.exitReason ?? (this.recentErrors.some((l) => OUT_OF_MEMORY.test(l)) ? "memory" : "crash");
        if (reason !== "stopped") this.log.error({ code, signal, reason }, "function worker exited");
        this.port = undefined;
        this.settle(reason);
      });
    });
  }

  /** One entry per write (a multi-line console.error stays one); Deno's download progress is info. */
  private logStderr(lines: string[]): void {
    const { progress, errors } = splitDenoProgress(lines);
    if (progress.length > 0) this.log.info(progress.join("\n"));
    if (errors.length === 0) return;
    this.recentErrors.push(...errors);
    this.recentErrors.splice(0, Math.max(0, this.recentErrors.length - 50));
    this.log.error(errors.join("\n"));
  }

  /**
   * A boot that failed on a remote import gets a log line naming it and saying it needs the network;
   * returns the short form for the caller's BOOT_ERROR answer.
   */
  private explainBootFailure(): string | undefined {
    const failure = findRemoteImportFailure(this.recentErrors);
    if (!failure) return undefined;
    this.log.error({ import: failure.specifier }, describeRemoteImportFailure(this.fn.name, failure));
    return `the import ${failure.specifier} needs the network (${failure.host}) and could not be downloaded`;
  }

  private settle(reason: WorkerExit): void {
    this.exitReason ??= reason;
    this.exitedResolve(this.exitReason);
  }

  /** Stops the process (SIGTERM, then SIGKILL after a grace period). */
  async stop(graceMs = 2000): Promise<void> {
    const child = this.child;
    if (this.exitReason === undefined) this.exitReason = "stopped";
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.exitedResolve(this.exitReason);
      return;
    }
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
