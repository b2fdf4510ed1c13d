import type { Logger } from "pino";
import type { KeyRing } from "../gateway/index.ts";
import type { EdgeFunction } from "./discover-functions.ts";
import { FunctionError } from "./function-errors.ts";
import { PING_HEADER, type FunctionWorker } from "./function-worker.ts";
import type { FunctionLimits } from "./limits.ts";
import { IdleTimeoutError, proxyToWorker } from "./proxy-to-worker.ts";
import { checkFunctionJwt, kongAuthorization } from "./verify-function-jwt.ts";
import type { WorkerPool } from "./worker-pool.ts";

export interface InvokeContext {
  keys: KeyRing;
  pool: WorkerPool;
  limits: FunctionLimits;
  logger: Logger;
}

/** How long to wait for a dying worker's exit before classifying a broken call. */
const EXIT_GRACE_MS = 2000;

/**
 * Runs one request through a function as the CLI's gateway and main service do: Kong's
 * Authorization mapping, verify_jwt (OPTIONS exempt), then the worker; failures around the
 * function become the main service's error answers.
 */
export async function invokeFunction(
  ctx: InvokeContext,
  fn: EdgeFunction,
  request: Request,
  pathAndQuery: string,
): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete(PING_HEADER);
  const kong = kongAuthorization(ctx.keys, {
    authorization: headers.get("authorization") ?? undefined,
    apikey: headers.get("apikey") ?? undefined,
  });
  if (kong.header === undefined) headers.delete("authorization");
  else headers.set("authorization", kong.header);
  if (request.method !== "OPTIONS" && fn.verifyJwt) {
    const refused = await checkFunctionJwt(ctx.keys, kong.header);
    if (refused) return refused;
    if (kong.mappedFromApiKey) {
      ctx.logger.warn(
        { function: fn.name },
        "request passed verify_jwt only because the local gateway mapped the API key to a JWT; hosted Supabase answers 401 without a user JWT",
      );
    }
  }

  const worker = await ctx.pool.acquire(fn);
  const end = ctx.pool.begin(worker);
  try {
    const port = await withTimeout(worker.ready(), ctx.limits.idleTimeoutMs);
    const { response, done } = await proxyToWorker(request, {
      port,
      pathAndQuery,
      headers,
      idleTimeoutMs: ctx.limits.idleTimeoutMs,
      signal: request.signal,
    });
    void done.then(end);
    return response;
  } catch (error) {
    end();
    if (error instanceof IdleTimeoutError) void retireIfStuck(worker);
    return (await classifyFailure(error, worker.exited)).toResponse();
  }
}

/** After an idle timeout: a worker whose event loop no longer answers is killed, not kept. */
async function retireIfStuck(worker: FunctionWorker): Promise<void> {
  if (worker.alive && !(await worker.responsive(EXIT_GRACE_MS))) worker.terminate("unresponsive");
}

async function classifyFailure(error: unknown, exited: Promise<string>): Promise<FunctionError> {
  if (error instanceof FunctionError) return error;
  if (error instanceof IdleTimeoutError) return new FunctionError("IDLE_TIMEOUT");
  const reason = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, EXIT_GRACE_MS, "alive"))]);
  if (reason === "memory" || reason === "cpu" || reason === "unresponsive") return new FunctionError("WORKER_LIMIT");
  if (reason === "crash" || reason === "stopped") return new FunctionError("WORKER_ERROR");
  return new FunctionError("INTERNAL", (error as Error).stack ?? String(error));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new IdleTimeoutError(`not booted within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
