import { describe, expect, it } from "vitest";
import { snoozeUntil } from "./snooze-until";

describe("snoozeUntil", () => {
  const now = new Date(2026, 10, 25, 22, 30);
  it("ends an hour snooze one hour later", () => {
    expect(snoozeUntil("hour", now).getTime() - now.getTime()).toBe(60 * 60 * 1000);
  });
  it("ends a snooze until tomorrow at 08:00 local time the next day", () => {
    expect(snoozeUntil("tomorrow", now)).toEqual(new Date(2026, 10, 26, 8, 0));
  });
});
