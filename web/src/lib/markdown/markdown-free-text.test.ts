import type { Nodes } from "mdast";
import { describe, expect, it } from "vitest";
import { isMarkdownFree, markdownFreeTree } from "./markdown-free-text";
import { parseMessage } from "./parse-message";

/** A parsed tree without source positions, to compare with `markdownFreeTree`. */
function withoutPositions(node: Nodes): unknown {
  const { position: _position, ...rest } = node;
  return "children" in node ? { ...rest, children: node.children.map(withoutPositions) } : rest;
}

/** What texts are made of: what plain text holds, and every character or word the parser may treat otherwise. */
const prose = [..."aBzw19 .,;:?!'\"()-", "é", "日本", "😀", "www", "http", "1"];
const risky = [
  ..."*_`~[]<>&#\\/@+=|%$^{}\n\t\r",
  "  ",
  ". ",
  "1. ",
  "2)",
  "- ",
  "> ",
  "www.",
  " www. ",
  "~~",
  "<ab:c>",
  "[a](b)",
  "http://",
  "https:",
  "mailto:",
  "a@b.co",
  "&amp;",
  "\\*",
  ":tada:",
  "\u00a0",
  "\u3000",
  "\u2028",
];

/**
 * Deterministic texts (a linear congruential generator with a fixed seed): for each risky piece,
 * prose holding it one to three times, so that a check letting any one of them through is caught.
 */
function generatedTexts(perRiskyPiece: number): string[] {
  let seed = 0x5eed;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  return risky.flatMap((riskyPiece) =>
    Array.from({ length: perRiskyPiece }, () => {
      const pieces = Array.from({ length: 1 + next(10) }, () => prose[next(prose.length)] ?? "");
      for (let times = 1 + next(3); times > 0; times--) pieces.splice(next(pieces.length + 1), 0, riskyPiece);
      return pieces.join("");
    }),
  );
}

describe("isMarkdownFree", () => {
  it.each([
    "Bench history 10000: the quick brown fox jumps over the lazy dog",
    "See you at 10, ok? Great!",
    "Ça marche. Merci (vraiment) - à demain.",
    "日本語のメッセージです。",
    "مرحبا بالجميع",
    "Let's ship it",
  ])("takes %j as plain text", (text) => {
    expect(isMarkdownFree(text)).toBe(true);
    expect(withoutPositions(parseMessage(text))).toEqual(markdownFreeTree(text));
  });

  it.each([
    "**bold**",
    "_x_",
    "~~gone~~",
    "`code`",
    "see www.example.com",
    "https://example.com",
    "mail a@b.co",
    "1. first",
    "- item",
    "> quote",
    "a\nb",
    " leading",
    "trailing ",
    "AT&amp;T",
    "hi <@6f1c2a3b-0000-4000-8000-000000000001>",
    "",
  ])("leaves %j to the parser", (text) => {
    expect(isMarkdownFree(text)).toBe(false);
  });

  it("never takes for plain text what the parser reads otherwise", () => {
    const texts = generatedTexts(1_000);
    const plain = texts.filter(isMarkdownFree);
    expect(plain.length).toBeGreaterThan(1_000);
    const misread = plain.filter(
      (text) => JSON.stringify(withoutPositions(parseMessage(text))) !== JSON.stringify(markdownFreeTree(text)),
    );
    expect(misread).toEqual([]);
  });
});
