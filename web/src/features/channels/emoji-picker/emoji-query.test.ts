import { describe, expect, it } from "vitest";
import { emojiQueryAt, insertEmoji } from "./emoji-query";

describe("emojiQueryAt", () => {
  it("finds a name typed after a colon at the start or after a space", () => {
    expect(emojiQueryAt(":ta", 3, false)).toEqual({ start: 0, end: 3, query: "ta" });
    expect(emojiQueryAt("nice :ta", 8, false)).toEqual({ start: 5, end: 8, query: "ta" });
    expect(emojiQueryAt("すごい :ねこ", 7, false)).toEqual({ start: 4, end: 7, query: "ねこ" });
  });

  it("opens nothing inside times, addresses, finished shortcodes or while composing", () => {
    expect(emojiQueryAt("at 12:30", 8, false)).toBeNull();
    expect(emojiQueryAt("https://x", 9, false)).toBeNull();
    expect(emojiQueryAt(":tada: ", 7, false)).toBeNull();
    expect(emojiQueryAt(":ta", 3, true)).toBeNull();
    expect(emojiQueryAt(":ta da", 6, false)).toBeNull();
  });
});

describe("insertEmoji", () => {
  it("replaces the query with the emoji and one space", () => {
    expect(insertEmoji("nice :ta now", { start: 5, end: 8, query: "ta" }, "🎉")).toEqual({
      text: "nice 🎉 now",
      caret: 8,
    });
  });
});
