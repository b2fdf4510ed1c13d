/** Per-request and per-worker limits (cli serve/templates/main.ts, docs limits). */
export interface FunctionLimits {
  /** Hosted's request idle timeout: no response within it → 504 IDLE_TIMEOUT (150 s). */
  idleTimeoutMs: number;
  /** A user worker's heap (`memoryLimitMb: 256`); exceeding it → 546 WORKER_LIMIT. */
  memoryLimitMb: number;
  /** `cpuTimeHardLimitMs: 2000`: a worker whose event loop stays blocked past this is killed → 546 WORKER_LIMIT. */
  cpuLimitMs: number;
}

/**
 * The upstream limits, overridable for tests and debugging with
 * `PARLEY_STACK_FUNCTIONS_IDLE_TIMEOUT_MS`, `PARLEY_STACK_FUNCTIONS_MEMORY_MB` and
 * `PARLEY_STACK_FUNCTIONS_CPU_MS`.
 */
export function functionLimits(env: NodeJS.ProcessEnv = process.env): FunctionLimits {
  return {
    idleTimeoutMs: positive(env.PARLEY_STACK_FUNCTIONS_IDLE_TIMEOUT_MS) ?? 150_000,
    memoryLimitMb: positive(env.PARLEY_STACK_FUNCTIONS_MEMORY_MB) ?? 256,
    cpuLimitMs: positive(env.PARLEY_STACK_FUNCTIONS_CPU_MS) ?? 2000,
  };
}

function positive(value: string | undefined): number | undefined {
  const parsed = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}
