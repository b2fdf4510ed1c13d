import { useEffect, useRef } from "react";
import { characterKeysEnabled } from "./character-key-preference";
import { matchShortcut } from "./match-shortcut";
import type { Direction, ShortcutId } from "./shortcut-definitions";
import { typingContext } from "./typing-context";

/** Whether a key press happened inside a dialog (ours or another feature's): those keys belong to the dialog. */
const inDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * Listens for the workspace shortcuts on the whole window and calls `onShortcut` with the one pressed. Keys that
 * something else already handled (a menu's or dialog's Esc calls `preventDefault`), held-down repeats and keys pressed
 * inside a dialog are left alone; a handled shortcut's default (the browser's Ctrl-K) is prevented.
 */
export function useGlobalShortcuts(direction: Direction, onShortcut: (id: ShortcutId, event: KeyboardEvent) => void) {
  const handler = useRef(onShortcut);
  useEffect(() => {
    handler.current = onShortcut;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat || event.isComposing || inDialog(event.target)) return;
      const id = matchShortcut(event, direction, typingContext(event.target), {
        characterKeys: characterKeysEnabled(localStorage),
      });
      if (id === null) return;
      event.preventDefault();
      handler.current(id, event);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [direction]);
}
