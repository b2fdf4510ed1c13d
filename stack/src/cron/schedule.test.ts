import { describe, expect, it } from "vitest";
import { matchesMinute, parseSchedule } from "./schedule.ts";

describe("parseSchedule", () => {
  it.each([
    ["1 second", 1],
    ["30 seconds", 30],
    ["59 seconds", 59],
    [" 5SECONDS ", 5],
  ])("reads the interval form %j", (text, seconds) => {
    expect(parseSchedule(text)).toEqual({ kind: "interval", seconds });
  });

  it.each(["0 seconds", "60 seconds", "5 minutes", "* * * *", "61 * * * *", "* * * * * *", "@never", ""])(
    "refuses %j as pg_cron does",
    (text) => {
      expect(parseSchedule(text)).toBeUndefined();
    },
  );

  it("reads five fields in UTC, with names, shortcuts and $ for the last day of the month", () => {
    const minute = (schedule: string, iso: string) => {
      const parsed = parseSchedule(schedule);
      if (parsed?.kind !== "cron") throw new Error(`not a cron schedule: ${schedule}`);
      return matchesMinute(parsed, new Date(iso));
    };
    expect(minute("30 4 * * *", "2026-03-02T04:30:00Z")).toBe(true);
    expect(minute("30 4 * * *", "2026-03-02T04:31:00Z")).toBe(false);
    expect(minute("0 9 * jan mon-fri", "2026-01-05T09:00:00Z")).toBe(true);
    expect(minute("0 9 * jan mon-fri", "2026-01-04T09:00:00Z")).toBe(false);
    expect(minute("@hourly", "2026-01-04T13:00:00Z")).toBe(true);
    expect(minute("0 0 $ * *", "2026-02-28T00:00:00Z")).toBe(true);
    expect(minute("0 0 $ * *", "2026-02-27T00:00:00Z")).toBe(false);
  });

  it("knows @reboot", () => {
    expect(parseSchedule("@reboot")).toEqual({ kind: "reboot" });
  });
});
