import { backArrow, forwardArrow, type Direction, type ShortcutId } from "./shortcut-definitions";

/** The parts of a `KeyboardEvent` a shortcut depends on (so the matching is testable without a DOM). */
export type KeyPress = Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">;

/**
 * Where the key was pressed: nowhere that takes text, in the conversation's composer, or in another field (a search
 * box, the inline editor, a dialog's input).
 */
export type TypingContext = "none" | "composer" | "field";

/** A letter by its physical key as well as its character: ⌥⇧C types "Ç" on a Mac, and Arabic layouts type "ؤ". */
const isLetter = (press: KeyPress, letter: string) =>
  press.key.toLowerCase() === letter || press.code === `Key${letter.toUpperCase()}`;

const onlyAltShift = (press: KeyPress) => press.altKey && press.shiftKey && !press.ctrlKey && !press.metaKey;
const onlyMod = (press: KeyPress) => (press.ctrlKey || press.metaKey) && !press.altKey;
const noModifier = (press: KeyPress) => !press.ctrlKey && !press.metaKey && !press.altKey;

/**
 * Which workspace shortcut a key press means, or `null`. Shortcuts with Ctrl/⌘ or Alt+Shift work while typing (they
 * type nothing); `?` only when no field has focus and character-key shortcuts are on; Esc also in the composer, where
 * it has nothing else to do.
 *
 * @example matchShortcut({ key: "ArrowLeft", code: "ArrowLeft", altKey: true, shiftKey: true, … }, "rtl", "none")
 *   // → "openThread": in Arabic the thread panel opens on the left
 */
export function matchShortcut(
  press: KeyPress,
  direction: Direction,
  typing: TypingContext,
  { characterKeys = true }: { characterKeys?: boolean } = {},
): ShortcutId | null {
  if (onlyMod(press) && !press.shiftKey && isLetter(press, "k")) return "quickSwitcher";
  if (onlyMod(press) && (press.key === "/" || press.code === "Slash")) return "showHelp";
  if (onlyAltShift(press)) {
    if (press.key === "ArrowDown") return "nextUnread";
    if (press.key === "ArrowUp") return "previousUnread";
    if (isLetter(press, "c")) return "focusComposer";
    if (isLetter(press, "t") || press.key === forwardArrow(direction)) return "openThread";
    if (press.key === backArrow(direction)) return "closeThread";
    return null;
  }
  if (press.key === "Escape" && noModifier(press) && !press.shiftKey && typing !== "field") return "markRead";
  if (press.key === "?" && noModifier(press) && typing === "none" && characterKeys) return "showHelp";
  return null;
}
