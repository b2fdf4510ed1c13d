import { describe, expect, it } from "vitest";
import { parseRange } from "./range.ts";

describe("parseRange", () => {
  it.each([
    ["bytes=0-99", 1000, { start: 0, end: 99 }],
    ["bytes=900-", 1000, { start: 900, end: 999 }],
    ["bytes=-100", 1000, { start: 900, end: 999 }],
    ["bytes=0-5000", 1000, { start: 0, end: 999 }],
  ])("reads %s of %i bytes", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it.each([["bytes=1000-"], ["bytes=5-1"], ["bytes=0-1,3-4"], ["items=0-1"], ["bytes=-"]])(
    "refuses %s with InvalidRange (416)",
    (header) => {
      expect(() => parseRange(header, 1000)).toThrow(
        expect.objectContaining({ httpStatus: 416, message: "invalid range provided" }),
      );
    },
  );

  it("has no range without a header, and none for an empty file", () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(() => parseRange("bytes=0-0", 0)).toThrow("invalid range provided");
  });
});
