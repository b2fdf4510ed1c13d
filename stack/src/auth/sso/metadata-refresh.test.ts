import { describe, expect, it } from "vitest";
import { durationMs } from "./idp-metadata.ts";
import { isMetadataStale } from "./metadata-refresh.ts";

const base = { entityId: "https://idp.test", ssoUrl: "https://idp.test/sso", signingCertificates: [] };
const now = new Date("2026-06-01T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);

describe("isMetadataStale (GoTrue's IsSAMLMetadataStale)", () => {
  it.each([
    ["past validUntil", { ...base, validUntil: hoursAgo(1) }, hoursAgo(0), true],
    ["before validUntil", { ...base, validUntil: new Date(now.getTime() + 3600_000) }, hoursAgo(48), false],
    ["cacheDuration exceeded", { ...base, cacheDurationMs: 3600_000 }, hoursAgo(2), true],
    ["within cacheDuration", { ...base, cacheDurationMs: 3 * 3600_000 }, hoursAgo(2), false],
    ["neither, older than a day", base, hoursAgo(25), true],
    ["neither, younger than a day", base, hoursAgo(23), false],
  ])("%s → %s", (_label, metadata, updatedAt, stale) => {
    expect(isMetadataStale(metadata, updatedAt, now)).toBe(stale);
  });

  it("reads xs:duration values", () => {
    expect(durationMs("PT1H")).toBe(3600_000);
    expect(durationMs("P1DT30M")).toBe(24 * 3600_000 + 30 * 60_000);
    expect(durationMs("PT0.5S")).toBe(500);
    expect(durationMs("bogus")).toBeUndefined();
    expect(durationMs("")).toBeUndefined();
  });
});
