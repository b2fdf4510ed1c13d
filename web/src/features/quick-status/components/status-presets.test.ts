import { describe, expect, it } from "vitest";
import { pauseEnd, presetExpiry, statusPresets } from "./status-presets";

const now = new Date("2026-12-08T21:15:00Z");

describe("status presets", () => {
  it("end after their minutes, at midnight in the person's zone, or never", () => {
    const byId = Object.fromEntries(statusPresets.map((preset) => [preset.id, preset.duration]));
    expect(presetExpiry(byId["meeting"]!, now, "UTC")?.toISOString()).toBe("2026-12-08T22:15:00.000Z");
    expect(presetExpiry(byId["commuting"]!, now, "UTC")?.toISOString()).toBe("2026-12-08T21:45:00.000Z");
    expect(presetExpiry(byId["sick"]!, now, "Asia/Tokyo")?.toISOString()).toBe("2026-12-09T15:00:00.000Z");
    expect(presetExpiry(byId["vacation"]!, now, "UTC")).toBeNull();
  });
});

describe("pausing notifications", () => {
  it("lasts 30 minutes, an hour, or until 08:00 tomorrow where the person lives", () => {
    expect(pauseEnd("minutes30", now, "UTC").toISOString()).toBe("2026-12-08T21:45:00.000Z");
    expect(pauseEnd("hour1", now, "UTC").toISOString()).toBe("2026-12-08T22:15:00.000Z");
    expect(pauseEnd("tomorrow", now, "America/Los_Angeles").toISOString()).toBe("2026-12-09T16:00:00.000Z");
  });
});
