import { beforeEach, describe, expect, it } from "vitest";
import { readRecentKeys, recentLimit, rememberRecentKey } from "./recent-conversations";

describe("recent places", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the most recent first, without duplicates", () => {
    rememberRecentKey(localStorage, "u1", "channel:a");
    rememberRecentKey(localStorage, "u1", "channel:b");
    expect(rememberRecentKey(localStorage, "u1", "channel:a")).toEqual(["channel:a", "channel:b"]);
    expect(readRecentKeys(localStorage, "u1")).toEqual(["channel:a", "channel:b"]);
  });

  it("keeps each person's list apart", () => {
    rememberRecentKey(localStorage, "u1", "channel:a");
    expect(readRecentKeys(localStorage, "u2")).toEqual([]);
  });

  it(`forgets all but the ${recentLimit} most recent`, () => {
    for (let i = 0; i < recentLimit + 5; i++) rememberRecentKey(localStorage, "u1", `channel:${i}`);
    const kept = readRecentKeys(localStorage, "u1");
    expect(kept).toHaveLength(recentLimit);
    expect(kept[0]).toBe(`channel:${recentLimit + 4}`);
  });

  it("reads a damaged entry as none", () => {
    localStorage.setItem("parley.recent-places.u1", "{not json");
    expect(readRecentKeys(localStorage, "u1")).toEqual([]);
    localStorage.setItem("parley.recent-places.u1", JSON.stringify({ a: 1 }));
    expect(readRecentKeys(localStorage, "u1")).toEqual([]);
    localStorage.setItem("parley.recent-places.u1", JSON.stringify(["channel:a", 7]));
    expect(readRecentKeys(localStorage, "u1")).toEqual(["channel:a"]);
  });
});
