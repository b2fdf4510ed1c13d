import { describe, expect, it } from "vitest";
import { splitMentionTokens } from "../../../lib/mention-token";
import { decodeMentions, encodeMentions } from "./mention-tokens";

const ann = { id: "11111111-1111-4111-8111-111111111111", username: "ann" };
const bo = { id: "22222222-2222-4222-8222-222222222222", username: "bo.k" };
const people = new Map([ann, bo].map((person) => [person.id, person]));

describe("encodeMentions", () => {
  it("turns known handles into id tokens, ignoring case, and leaves unknown ones", () => {
    expect(encodeMentions("hi @Ann and @bo.k, not @zed", people)).toBe(`hi <@${ann.id}> and <@${bo.id}>, not @zed`);
  });

  it("leaves code, links and e-mail addresses alone", () => {
    const text = "`@ann` ann@example.com [@ann](https://example.com)";
    expect(encodeMentions(text, people)).toBe(text);
  });
});

describe("decodeMentions", () => {
  it("shows tokens as the current handle and round-trips through encodeMentions", () => {
    const stored = `hi <@${ann.id}>, **<@${bo.id}>**`;
    expect(decodeMentions(stored, people)).toBe("hi @ann, **@bo.k**");
    expect(encodeMentions(decodeMentions(stored, people), people)).toBe(stored);
  });

  it("keeps the token of someone it does not know", () => {
    const stored = "hi <@33333333-3333-4333-8333-333333333333>";
    expect(decodeMentions(stored, people)).toBe(stored);
  });
});

describe("splitMentionTokens", () => {
  it("splits text around tokens", () => {
    expect(splitMentionTokens(`a <@${ann.id}> b`)).toEqual([{ text: "a " }, { userId: ann.id }, { text: " b" }]);
    expect(splitMentionTokens("plain")).toEqual([{ text: "plain" }]);
  });
});
