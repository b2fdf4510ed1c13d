import type { FormatCommand } from "./format-command";

/** A message box's text and selection after a formatting command. */
export type TextEdit = { value: string; start: number; end: number };

type Selection = { value: string; start: number; end: number };

/** Puts `before` and `after` around the selection (or an empty pair at the caret), selection kept inside. */
function wrap({ value, start, end }: Selection, before: string, after: string): TextEdit {
  const next = value.slice(0, start) + before + value.slice(start, end) + after + value.slice(end);
  return { value: next, start: start + before.length, end: end + before.length };
}

/** The selection widened to whole lines. */
function wholeLines({ value, start, end }: Selection) {
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  const nextBreak = value.indexOf("\n", end);
  return { lineStart, lineEnd: nextBreak === -1 ? value.length : nextBreak };
}

/** Starts every selected line with a marker (`> `, `- `, `1. `…); the new lines stay selected. */
function prefixLines(selection: Selection, marker: (line: number) => string): TextEdit {
  const { value } = selection;
  const { lineStart, lineEnd } = wholeLines(selection);
  const lines = value
    .slice(lineStart, lineEnd)
    .split("\n")
    .map((line, index) => marker(index) + line);
  const block = lines.join("\n");
  return {
    value: value.slice(0, lineStart) + block + value.slice(lineEnd),
    start: lineStart,
    end: lineStart + block.length,
  };
}

/** Fences the selected lines as a code block, each fence on its own line. */
function fence(selection: Selection): TextEdit {
  const { value } = selection;
  const { lineStart, lineEnd } = wholeLines(selection);
  const code = value.slice(lineStart, lineEnd);
  const block = "```\n" + code + "\n```";
  const codeStart = lineStart + 4;
  return {
    value: value.slice(0, lineStart) + block + value.slice(lineEnd),
    start: codeStart,
    end: codeStart + code.length,
  };
}

/**
 * Applies a toolbar command or shortcut to the text. Inline styles wrap the selection; quote and
 * lists prefix its lines; code is inline for a part of one line and a fenced block for several.
 *
 * @example formatText({ value: "hi", start: 0, end: 2 }, "bold") // { value: "**hi**", start: 2, end: 4 }
 */
export function formatText(selection: Selection, command: FormatCommand): TextEdit {
  switch (command) {
    case "bold":
      return wrap(selection, "**", "**");
    case "italic":
      return wrap(selection, "_", "_");
    case "strike":
      return wrap(selection, "~~", "~~");
    case "link":
      return wrap(selection, "[", "](https://)");
    case "code":
      return selection.value.slice(selection.start, selection.end).includes("\n")
        ? fence(selection)
        : wrap(selection, "`", "`");
    case "codeBlock":
      return fence(selection);
    case "quote":
      return prefixLines(selection, () => "> ");
    case "bullets":
      return prefixLines(selection, () => "- ");
    case "numbers":
      return prefixLines(selection, (line) => `${line + 1}. `);
  }
}
