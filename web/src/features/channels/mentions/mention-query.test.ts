import { describe, expect, it } from "vitest";
import { insertMention, mentionQueryAt } from "./mention-query";

describe("mentionQueryAt", () => {
  it.each([
    ["@", 1, { start: 0, end: 1, query: "" }],
    ["hi @an", 6, { start: 3, end: 6, query: "an" }],
    ["(@ann", 5, { start: 1, end: 5, query: "ann" }],
    ["مرحبا @سا", 9, { start: 6, end: 9, query: "سا" }],
    ["@ann.lee", 8, { start: 0, end: 8, query: "ann.lee" }],
  ])("finds the mention in %j at %i", (text, caret, expected) => {
    expect(mentionQueryAt(text, caret, false)).toEqual(expected);
  });

  it.each([
    ["an e-mail address", "ann@example", 11],
    ["no @ before the caret", "hello", 5],
    ["a space since the @", "@ann lee", 8],
    ["a doubled @", "@@ann", 5],
    ["a word too long for a username", `@${"a".repeat(40)}`, 41],
    ["the caret before the @", "hi @ann", 2],
  ])("finds none with %s", (_, text, caret) => {
    expect(mentionQueryAt(text, caret, false)).toBeNull();
  });

  it("finds none while an input method is composing, and finds it once composition ends", () => {
    expect(mentionQueryAt("@たな", 3, true)).toBeNull();
    expect(mentionQueryAt("@田中", 3, false)).toEqual({ start: 0, end: 3, query: "田中" });
  });
});

describe("insertMention", () => {
  it("replaces the typed query with the handle and a space, keeping the rest", () => {
    const query = { start: 3, end: 6, query: "an" };
    expect(insertMention("hi @an there", query, "ann")).toEqual({ text: "hi @ann there", caret: 8 });
    expect(insertMention("hi @an", query, "ann")).toEqual({ text: "hi @ann ", caret: 8 });
  });
});
