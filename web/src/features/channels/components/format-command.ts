// What a formatting command is, and which keys ask for one: small, so the message box decides on a
// key press at once, while the edits themselves (`text-edits.ts`) load with the first command.

export type FormatCommand =
  "bold" | "italic" | "strike" | "code" | "codeBlock" | "quote" | "bullets" | "numbers" | "link";

/** The shortcut's command: Ctrl/⌘+B bold, Ctrl/⌘+I italic, Ctrl/⌘+Shift+C code; else null. */
export function shortcutCommand(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): FormatCommand | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (event.shiftKey) return key === "c" ? "code" : null;
  if (key === "b") return "bold";
  if (key === "i") return "italic";
  return null;
}
