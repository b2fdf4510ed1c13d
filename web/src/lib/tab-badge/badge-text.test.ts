import { describe, expect, it } from "vitest";
import { badgeText } from "./badge-text";

describe("badgeText", () => {
  it.each([
    [0, ""],
    [-1, ""],
    [Number.NaN, ""],
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [250, "9+"],
  ])("%d → %j", (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});
