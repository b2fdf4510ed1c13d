import { describe, expect, it } from "vitest";
import { parseDuration, parseSize } from "./units.ts";

describe("parseSize reads sizes as the Supabase CLI (binary units)", () => {
  it.each([
    ["50MiB", 52_428_800],
    ["50MB", 52_428_800],
    ["5GB", 5 * 1024 ** 3],
    ["5gib", 5 * 1024 ** 3],
    ["500KB", 512_000],
    ["500 kb", 512_000],
    ["1k", 1024],
    ["1.5MiB", 1_572_864],
    ["1024", 1024],
    ["1024b", 1024],
    ["2T", 2 * 1024 ** 4],
    [1024, 1024],
    [0, 0],
  ] as const)("%j is %d bytes", (input, bytes) => {
    expect(parseSize(input)).toBe(bytes);
  });

  it.each(["", "MB", "5XB", "5 MiBs", "-5MB", "5  MB", " 5MB", "5Mi", "five", "5MB!"])("rejects %j", (input) => {
    expect(() => parseSize(input)).toThrow(RangeError);
  });

  it("rejects a negative byte count", () => {
    expect(() => parseSize(-1)).toThrow(RangeError);
  });
});

describe("parseDuration reads Go durations (time.ParseDuration) as milliseconds", () => {
  it.each([
    ["1s", 1000],
    ["5s", 5000],
    ["2m", 120_000],
    ["24h", 86_400_000],
    ["1h30m", 5_400_000],
    ["1.5h", 5_400_000],
    ["300ms", 300],
    ["1m30.5s", 90_500],
    [".5s", 500],
    ["1500us", 1.5],
    ["1500µs", 1.5],
    ["2000000ns", 2],
    ["0", 0],
    ["0s", 0],
    ["-1s", -1000],
    ["+1s", 1000],
  ] as const)("%j is %d ms", (input, milliseconds) => {
    expect(parseDuration(input)).toBe(milliseconds);
  });

  it.each(["", "1", "10", "s", "1d", "1 s", "1s2", "1.s.5", "one second", "-"])("rejects %j", (input) => {
    expect(() => parseDuration(input)).toThrow(RangeError);
  });
});
