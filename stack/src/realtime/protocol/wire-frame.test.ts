import { describe, expect, it } from "vitest";
import { wireFrame } from "./wire-frame.ts";

describe("wireFrame", () => {
  it.each([
    { length: 0, header: [0x81, 0] },
    { length: 125, header: [0x81, 125] },
    { length: 126, header: [0x81, 126, 0, 126] },
    { length: 65_535, header: [0x81, 126, 0xff, 0xff] },
    { length: 65_536, header: [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0] },
  ])("frames $length bytes of text with the shortest length field (RFC 6455 §5.2)", ({ length, header }) => {
    const text = "x".repeat(length);
    const frame = wireFrame(text);
    expect([...frame.subarray(0, header.length)]).toEqual(header);
    expect(frame.subarray(header.length).toString("utf8")).toBe(text);
  });

  it("counts a text's length in UTF-8 bytes, not characters", () => {
    const frame = wireFrame("é".repeat(100));
    expect([...frame.subarray(0, 4)]).toEqual([0x81, 126, 0, 200]);
  });

  it("sends bytes as a final, unmasked binary frame", () => {
    const frame = wireFrame(Buffer.from([1, 2, 3]));
    expect([...frame]).toEqual([0x82, 3, 1, 2, 3]);
  });
});
