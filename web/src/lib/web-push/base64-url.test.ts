import { describe, expect, it } from "vitest";
import { base64UrlToBytes, sameBytes } from "./base64-url";

describe("base64UrlToBytes", () => {
  it("reads unpadded base64url, with - and _", () => {
    expect([...base64UrlToBytes("-_8")]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes("AQID")]).toEqual([1, 2, 3]);
  });
});

describe("sameBytes", () => {
  it("tells a kept applicationServerKey from another key", () => {
    const key = new Uint8Array([4, 1, 2]);
    expect(sameBytes(new Uint8Array([4, 1, 2]).buffer, key)).toBe(true);
    expect(sameBytes(new Uint8Array([4, 1, 3]).buffer, key)).toBe(false);
    expect(sameBytes(null, key)).toBe(false);
  });
});
