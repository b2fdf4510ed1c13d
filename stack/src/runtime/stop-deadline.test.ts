import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_STOP_DEADLINE_MS, stopDeadlineMs, stopWithin } from "./stop-deadline.ts";

function capture() {
  const lines: { msg: string }[] = [];
  const logger = pino(
    { level: "error" },
    { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) },
  );
  return { logger, lines };
}

describe("stopWithin", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives up on a stop that never finishes once the deadline passes, and logs it", async () => {
    const { logger, lines } = capture();
    const outcome = stopWithin(() => new Promise<void>(() => undefined), 3000, logger);
    await vi.advanceTimersByTimeAsync(2999);
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe("forced");
    expect(lines.map((l) => l.msg)).toEqual(["Parley Stack did not stop within 3000 ms; exiting anyway"]);
  });

  it("reports a stop that finishes in time, and a failing stop as stopped (logged), without waiting", async () => {
    const { logger, lines } = capture();
    await expect(stopWithin(() => Promise.resolve(), 3000, logger)).resolves.toBe("stopped");
    await expect(stopWithin(() => Promise.reject(new Error("boom")), 3000, logger)).resolves.toBe("stopped");
    expect(lines.map((l) => l.msg)).toEqual(["stop failed"]);
  });
});

describe("stopDeadlineMs", () => {
  it("reads PARLEY_STACK_STOP_DEADLINE_MS and falls back to the default", () => {
    expect(stopDeadlineMs({ PARLEY_STACK_STOP_DEADLINE_MS: "2500" })).toBe(2500);
    expect(stopDeadlineMs({ PARLEY_STACK_STOP_DEADLINE_MS: "nope" })).toBe(DEFAULT_STOP_DEADLINE_MS);
    expect(stopDeadlineMs({})).toBe(DEFAULT_STOP_DEADLINE_MS);
  });
});
