import pino, { type Level, type Logger } from "pino";
import { Writable } from "node:stream";

export interface CapturedLog {
  logger: Logger;
  /** Every JSON line logged at `level` or above, parsed. */
  lines: Record<string, unknown>[];
}

/**
 * A logger whose JSON lines are kept in `lines`, to assert on what the stack logged.
 * @example const log = capturingLogger("error"); …; expect(log.lines).toEqual([]);
 */
export function capturingLogger(level: Level = "info"): CapturedLog {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}
