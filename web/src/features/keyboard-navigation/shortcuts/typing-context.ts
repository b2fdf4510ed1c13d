import type { TypingContext } from "./match-shortcut";

/** Marks the conversation's main composer (`data-composer="conversation"`), where Esc still marks as read. */
export const composerSelector = '[data-composer="conversation"]';

const nonTextInputs = new Set(["button", "checkbox", "radio", "range", "color", "file", "submit", "reset", "image"]);

/** Whether a key pressed on `target` would type into something, and whether that something is the composer. */
export function typingContext(target: EventTarget | null): TypingContext {
  if (!(target instanceof HTMLElement)) return "none";
  if (target.matches(composerSelector)) return "composer";
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return "field";
  if (target instanceof HTMLInputElement) return nonTextInputs.has(target.type) ? "none" : "field";
  return target.isContentEditable ? "field" : "none";
}
