import { describe, expect, it } from "vitest";
import { expiresAt } from "./clear-after";

describe("expiresAt", () => {
  const now = new Date(2026, 10, 25, 21, 15);

  it("never expires a status set to stay", () => {
    expect(expiresAt("never", now)).toBeNull();
  });

  it("adds the chosen duration", () => {
    expect(expiresAt("minutes30", now)).toBe(new Date(2026, 10, 25, 21, 45).toISOString());
    expect(expiresAt("hours4", now)).toBe(new Date(2026, 10, 26, 1, 15).toISOString());
  });

  it("ends a status for today at the next local midnight", () => {
    expect(expiresAt("today", now)).toBe(new Date(2026, 10, 26, 0, 0).toISOString());
  });
});
