import type { Logger } from "pino";

/** How long `stop`/SIGTERM may take before the process exits anyway. */
export const DEFAULT_STOP_DEADLINE_MS = 10_000;

/** `PARLEY_STACK_STOP_DEADLINE_MS`, else the default. */
export function stopDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.PARLEY_STACK_STOP_DEADLINE_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_STOP_DEADLINE_MS;
}

/**
 * Runs `stop`, but never waits for it longer than `deadlineMs`: a step that hangs (a pool waiting
 * on a PostgreSQL that died, a client that never closes) must not keep the process alive against
 * a SIGTERM. Resolves "forced" (after logging it) when the deadline won; the caller then exits.
 * A PostgreSQL left running is stopped by the next start (see db/postgres-server.ts).
 * @example if ((await stopWithin(() => stack.stop(), stopDeadlineMs(), logger)) === "forced") process.exit(1);
 */
export function stopWithin(
  stop: () => Promise<void>,
  deadlineMs: number,
  logger: Logger,
): Promise<"stopped" | "forced"> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      logger.error({ deadlineMs }, `Parley Stack did not stop within ${deadlineMs} ms; exiting anyway`);
      resolve("forced");
    }, deadlineMs);
    stop().then(
      () => {
        clearTimeout(timer);
        resolve("stopped");
      },
      (error: unknown) => {
        clearTimeout(timer);
        logger.error({ err: error }, "stop failed");
        resolve("stopped");
      },
    );
  });
}
