import { describe, expect, it } from "vitest";
import { LruMap } from "./lru-map.ts";

describe("LruMap", () => {
  it("drops the entry used longest ago once it holds more than its limit", () => {
    const map = new LruMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect(map.get("b")).toBeUndefined();
    expect(map.get("a")).toBe(1);
    expect(map.get("c")).toBe(3);
    expect(map.size).toBe(2);
  });

  it("replaces a value set again under the same key without growing", () => {
    const map = new LruMap<string, number>(2);
    map.set("a", 1);
    map.set("a", 2);
    expect(map.get("a")).toBe(2);
    expect(map.size).toBe(1);
  });
});
