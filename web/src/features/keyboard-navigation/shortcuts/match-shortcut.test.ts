import { describe, expect, it } from "vitest";
import { matchShortcut, type KeyPress, type TypingContext } from "./match-shortcut";
import type { Direction, ShortcutId } from "./shortcut-definitions";

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});
const altShift = { altKey: true, shiftKey: true };

const cases: [string, KeyPress, Direction, TypingContext, ShortcutId | null][] = [
  ["Ctrl-K opens the switcher", press("k", { ctrlKey: true }), "ltr", "none", "quickSwitcher"],
  ["⌘-K opens the switcher", press("k", { metaKey: true }), "ltr", "none", "quickSwitcher"],
  ["Ctrl-K works while typing", press("k", { ctrlKey: true }), "ltr", "field", "quickSwitcher"],
  [
    "Ctrl-K on an Arabic layout (key ن)",
    { ...press("ن", { ctrlKey: true }), code: "KeyK" },
    "rtl",
    "none",
    "quickSwitcher",
  ],
  ["K alone types a letter", press("k"), "ltr", "none", null],
  ["? shows the help when not typing", press("?", { shiftKey: true }), "ltr", "none", "showHelp"],
  ["? types a question mark in a field", press("?", { shiftKey: true }), "ltr", "field", null],
  ["? types a question mark in the composer", press("?", { shiftKey: true }), "ltr", "composer", null],
  [
    "Ctrl-/ shows the help while typing",
    { ...press("/", { ctrlKey: true }), code: "Slash" },
    "ltr",
    "composer",
    "showHelp",
  ],
  ["Alt-Shift-↓ goes to the next unread", press("ArrowDown", altShift), "ltr", "none", "nextUnread"],
  ["Alt-Shift-↑ goes to the previous unread", press("ArrowUp", altShift), "rtl", "composer", "previousUnread"],
  ["↓ alone is left to the page", press("ArrowDown"), "ltr", "none", null],
  ["Alt-↓ without Shift is left to the page", press("ArrowDown", { altKey: true }), "ltr", "none", null],
  ["Esc marks as read", press("Escape"), "ltr", "none", "markRead"],
  ["Esc in the composer marks as read", press("Escape"), "ltr", "composer", "markRead"],
  ["Esc in another field belongs to that field", press("Escape"), "ltr", "field", null],
  ["Alt-Shift-C jumps to the composer", press("c", altShift), "ltr", "none", "focusComposer"],
  [
    "⌥⇧C types Ç on a Mac: the physical key counts",
    { ...press("Ç", altShift), code: "KeyC" },
    "ltr",
    "none",
    "focusComposer",
  ],
  ["Alt-Shift-T opens the thread", press("t", altShift), "ltr", "field", "openThread"],
  ["Alt-Shift-→ opens the thread in LTR", press("ArrowRight", altShift), "ltr", "none", "openThread"],
  ["Alt-Shift-← closes the thread in LTR", press("ArrowLeft", altShift), "ltr", "none", "closeThread"],
  ["Alt-Shift-← opens the thread in RTL", press("ArrowLeft", altShift), "rtl", "none", "openThread"],
  ["Alt-Shift-→ closes the thread in RTL", press("ArrowRight", altShift), "rtl", "none", "closeThread"],
  ["Ctrl-Alt-Shift-T is someone else's", press("t", { ...altShift, ctrlKey: true }), "ltr", "none", null],
];

describe("matchShortcut", () => {
  it.each(cases)("%s", (_name, key, direction, typing, expected) => {
    expect(matchShortcut(key, direction, typing)).toBe(expected);
  });
});

describe("character-key shortcuts turned off", () => {
  it("leaves ? alone", () => {
    expect(matchShortcut(press("?", { shiftKey: true }), "ltr", "none", { characterKeys: false })).toBeNull();
  });

  it("keeps the help sheet on Ctrl-/", () => {
    const ctrlSlash = { ...press("/", { ctrlKey: true }), code: "Slash" };
    expect(matchShortcut(ctrlSlash, "ltr", "none", { characterKeys: false })).toBe("showHelp");
  });
});
