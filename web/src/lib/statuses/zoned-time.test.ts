import { describe, expect, it } from "vitest";
import { atLocalHour } from "./zoned-time";

describe("atLocalHour", () => {
  it("finds 08:00 tomorrow in the person's zone, not the browser's", () => {
    const now = new Date("2026-12-08T23:30:00Z"); // already 08:30 on the 9th in Tokyo
    expect(atLocalHour(now, "Asia/Tokyo", { daysAhead: 1, hour: 8 }).toISOString()).toBe("2026-12-09T23:00:00.000Z");
    expect(atLocalHour(now, "Europe/Berlin", { daysAhead: 1, hour: 8 }).toISOString()).toBe("2026-12-10T07:00:00.000Z");
    expect(atLocalHour(now, "America/New_York", { daysAhead: 1, hour: 8 }).toISOString()).toBe(
      "2026-12-09T13:00:00.000Z",
    );
  });

  it("ends today at the zone's midnight, across a daylight-saving change", () => {
    const now = new Date("2026-03-28T12:00:00Z"); // Berlin moves to summer time in the night to the 29th
    expect(atLocalHour(now, "Europe/Berlin", { daysAhead: 1, hour: 0 }).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(atLocalHour(now, "Europe/Berlin", { daysAhead: 2, hour: 0 }).toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("falls back to UTC for a zone the browser does not know", () => {
    const now = new Date("2026-12-08T10:00:00Z");
    expect(atLocalHour(now, "Mars/Olympus", { daysAhead: 1, hour: 8 }).toISOString()).toBe("2026-12-09T08:00:00.000Z");
  });
});
