import { describe, expect, it } from "vitest";
import { shortcutCommand } from "./format-command";
import { formatText } from "./text-edits";

const at = (value: string, start: number, end = start) => ({ value, start, end });

describe("formatText", () => {
  it.each([
    ["bold", "**hi**"],
    ["italic", "_hi_"],
    ["strike", "~~hi~~"],
    ["code", "`hi`"],
    ["link", "[hi](https://)"],
  ] as const)("wraps the selection for %s and keeps it selected", (command, expected) => {
    const edit = formatText(at("say hi now", 4, 6), command);
    expect(edit.value).toBe(`say ${expected} now`);
    expect(edit.value.slice(edit.start, edit.end)).toBe("hi");
  });

  it("inserts an empty pair at the caret with the caret inside", () => {
    expect(formatText(at("", 0), "bold")).toEqual({ value: "****", start: 2, end: 2 });
  });

  it("prefixes every selected line for quotes and lists, numbering from 1", () => {
    const text = "intro\nfirst\nsecond";
    expect(formatText(at(text, 8, 14), "quote").value).toBe("intro\n> first\n> second");
    expect(formatText(at(text, 8, 14), "bullets").value).toBe("intro\n- first\n- second");
    expect(formatText(at(text, 8, 14), "numbers").value).toBe("intro\n1. first\n2. second");
  });

  it("fences code spanning several lines, and on request a single line", () => {
    const edit = formatText(at("a\nconst x = 1;\ny()", 2, 17), "code");
    expect(edit.value).toBe("a\n```\nconst x = 1;\ny()\n```");
    expect(edit.value.slice(edit.start, edit.end)).toBe("const x = 1;\ny()");
    expect(formatText(at("ls -la", 0, 6), "codeBlock").value).toBe("```\nls -la\n```");
  });
});

describe("shortcutCommand", () => {
  const keys = { ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
  it("maps Ctrl/⌘+B, Ctrl/⌘+I and Ctrl/⌘+Shift+C, and nothing else", () => {
    expect(shortcutCommand({ ...keys, key: "b", ctrlKey: true })).toBe("bold");
    expect(shortcutCommand({ ...keys, key: "i", metaKey: true })).toBe("italic");
    expect(shortcutCommand({ ...keys, key: "C", ctrlKey: true, shiftKey: true })).toBe("code");
    expect(shortcutCommand({ ...keys, key: "c", ctrlKey: true })).toBeNull();
    expect(shortcutCommand({ ...keys, key: "b" })).toBeNull();
    expect(shortcutCommand({ ...keys, key: "b", ctrlKey: true, altKey: true })).toBeNull();
  });
});
