import { describe, expect, it } from "vitest";
import type { EmojiEntry } from "./emoji-catalog";
import { searchEmoji } from "./emoji-search";

const entry = (emoji: string, name: string, keywords: string, shortcodes: string[] = []): EmojiEntry => ({
  emoji,
  group: 0,
  name,
  shortcodes,
  skins: null,
  searchText: [name, keywords, ...shortcodes].join(" ").toLocaleLowerCase(),
});

const entries = [
  entry("🐈", "猫", "ネコ 動物 cat", ["cat2"]),
  entry("🐱", "猫の顔", "ネコ 顔 cat face", ["cat"]),
  entry("🎉", "Party Popper", "celebration tada", ["tada"]),
  entry("😹", "cat with tears of joy", "joy", ["joy_cat"]),
];

describe("searchEmoji", () => {
  it("finds by name, keyword or shortcode, exact and prefix matches first", () => {
    expect(searchEmoji(entries, "cat").map((e) => e.emoji)).toEqual(["🐱", "🐈", "😹"]);
    expect(searchEmoji(entries, "TADA").map((e) => e.emoji)).toEqual(["🎉"]);
  });

  it("matches Japanese inside words and full-width letters as ASCII", () => {
    expect(searchEmoji(entries, "ネコ").map((e) => e.emoji)).toEqual(["🐈", "🐱"]);
    expect(searchEmoji(entries, "ｔａｄａ").map((e) => e.emoji)).toEqual(["🎉"]);
  });

  it("needs every word, and finds nothing for an empty query", () => {
    expect(searchEmoji(entries, "cat face").map((e) => e.emoji)).toEqual(["🐱"]);
    expect(searchEmoji(entries, "  ")).toEqual([]);
  });
});
