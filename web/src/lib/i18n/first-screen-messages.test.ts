import { describe, expect, it } from "vitest";
import english from "../../locales/en.json";
import { isFirstScreenMessage, type FirstScreen } from "./first-screen-messages";

// What each first screen renders before `AfterFirstScreen`, as source text. A visit that begins on
// one has only that screen's part of the catalog until it has painted, so every message these
// sources name must be in that part.
const sources: Record<FirstScreen, Record<string, string>> = {
  // A conversation: its own components and the keyboard layer beside it.
  conversation: import.meta.glob<string>(
    ["../../features/channels/**/*.{ts,tsx}", "../../features/keyboard-navigation/**/*.{ts,tsx}", "!**/*.test.*"],
    { query: "?raw", import: "default", eager: true },
  ),
  // The signed-out forms: the auth feature, the auth and form helpers, the UI kit, the shell.
  "sign-in": import.meta.glob<string>(
    [
      "../../features/auth/**/*.{ts,tsx}",
      "../auth/**/*.{ts,tsx}",
      "../forms/**/*.{ts,tsx}",
      "../../components/ui/**/*.{ts,tsx}",
      "../../app/**/*.{ts,tsx}",
      "!**/*.test.*",
    ],
    { query: "?raw", import: "default", eager: true },
  ),
};

const messageIds = new Set(Object.keys(english));

/** The catalog ids a source names in string literals (`t("channels.x")`, `message="channels.y"`). */
function namedMessages(source: string): string[] {
  return [...source.matchAll(/"([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)"/g)]
    .map((match) => match[1] ?? "")
    .filter((id) => messageIds.has(id));
}

describe("a first screen's part of the catalog", () => {
  it.each(Object.entries(sources))("%s: holds every message its sources name", (screen, files) => {
    const named = Object.values(files).flatMap(namedMessages);
    expect(named.length).toBeGreaterThan(100);
    expect([...new Set(named.filter((id) => !isFirstScreenMessage(id, screen as FirstScreen)))]).toEqual([]);
  });
});
