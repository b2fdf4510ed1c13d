import { beforeEach, describe, expect, it } from "vitest";
import { frequentlyUsedEmoji, recordEmojiUse } from "./emoji-usage";

const day = 24 * 60 * 60 * 1000;

describe("frequently used emoji", () => {
  beforeEach(() => localStorage.clear());

  it("puts the most used first, and is kept per person", () => {
    recordEmojiUse("ada", "🎉", 0);
    recordEmojiUse("ada", "👍", 1);
    recordEmojiUse("ada", "👍", 2);
    recordEmojiUse("jonas", "🌴", 3);
    expect(frequentlyUsedEmoji("ada", 3)).toEqual(["👍", "🎉"]);
    expect(frequentlyUsedEmoji("jonas", 3)).toEqual(["🌴"]);
  });

  it("lets a recent emoji overtake one used more often weeks ago", () => {
    for (let i = 0; i < 3; i += 1) recordEmojiUse("ada", "👍", 0);
    recordEmojiUse("ada", ":party-parrot:", 30 * day);
    expect(frequentlyUsedEmoji("ada", 30 * day)).toEqual([":party-parrot:", "👍"]);
  });

  it("reads a broken or foreign value as no history", () => {
    localStorage.setItem("parley:emoji-usage:ada", "not json");
    expect(frequentlyUsedEmoji("ada")).toEqual([]);
    localStorage.setItem("parley:emoji-usage:ada", JSON.stringify({ "👍": "many" }));
    expect(frequentlyUsedEmoji("ada")).toEqual([]);
  });
});
