import { describe, expect, it } from "vitest";
import { nextTabTitle } from "./tab-title";

const withThree = (page: string) => `(3) ${page}`;

describe("nextTabTitle", () => {
  it("puts the count before the page's title", () => {
    expect(nextTabTitle("#general · Parley", null, withThree)).toEqual({
      page: "#general · Parley",
      shown: "(3) #general · Parley",
    });
  });

  it("leaves its own title alone, so it never counts twice", () => {
    const first = nextTabTitle("#general · Parley", null, withThree);
    expect(nextTabTitle(first.shown, first, withThree)).toBe(first);
  });

  it("follows the page to a new title", () => {
    const first = nextTabTitle("#general · Parley", null, withThree);
    expect(nextTabTitle("Activity · Parley", first, withThree).shown).toBe("(3) Activity · Parley");
  });
});
