import { describe, expect, it } from "vitest";
import english from "../../locales/en.json";
import { isFirstScreenMessage } from "./first-screen-messages";

// What a conversation renders before `AfterFirstScreen` — its own components and the keyboard layer
// beside it — as source text. A visit that begins on a conversation has only the first screen's part
// of the catalog until its messages have painted, so every message these name must be in that part.
const firstScreenSources = import.meta.glob<string>(
  ["../../features/channels/**/*.{ts,tsx}", "../../features/keyboard-navigation/**/*.{ts,tsx}", "!**/*.test.*"],
  { query: "?raw", import: "default", eager: true },
);

const messageIds = new Set(Object.keys(english));

/** The catalog ids a source names in string literals (`t("channels.x")`, `message="channels.y"`). */
function namedMessages(source: string): string[] {
  return [...source.matchAll(/"([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)"/g)]
    .map((match) => match[1] ?? "")
    .filter((id) => messageIds.has(id));
}

describe("the first screen's part of the catalog", () => {
  it("holds every message a conversation and its keyboard layer name", () => {
    const named = Object.values(firstScreenSources).flatMap(namedMessages);
    expect(named.length).toBeGreaterThan(100);
    expect([...new Set(named.filter((id) => !isFirstScreenMessage(id)))]).toEqual([]);
  });
});
