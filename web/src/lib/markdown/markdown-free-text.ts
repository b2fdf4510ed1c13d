import type { Root } from "mdast";

/**
 * ASCII characters that take part in no construct a chat message's Markdown has (`parseMessage`),
 * wherever they stand in a line that starts with a letter. Every other ASCII punctuation mark can
 * (`*`, `_`, `~`, `` ` ``, `[`, `<`, `&`, `\`, `/` and `@` in links, `>` and digits at a line's start …),
 * and so can a `.` inside a word or after `www`, line breaks and leading or trailing space.
 */
const inertPunctuation = new Set([" ", ",", ";", ":", "?", "!", "'", '"', "(", ")", "-"]);

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** A `.` followed by a space or the end, and not after `www` (which makes `www.` a link, even alone). */
function endsSentence(text: string, index: number): boolean {
  const followedBySpace = index + 1 === text.length || text.charAt(index + 1) === " ";
  return followedBySpace && text.slice(Math.max(0, index - 3), index).toLowerCase() !== "www";
}

/** Whether the character at `index` can stand anywhere in a Markdown-free line (see `isMarkdownFree`). */
function isInertAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code >= 0x80 || isAsciiLetter(code) || isAsciiDigit(code)) return true;
  const char = text.charAt(index);
  if (char === ".") return endsSentence(text, index);
  return inertPunctuation.has(char);
}

/**
 * Whether `text` has no Markdown in it at all, so that it reads the same as one paragraph of plain
 * text: a single line starting with a letter (or any character beyond ASCII), ending without a
 * space, made only of letters, digits, characters beyond ASCII, spaces and punctuation no construct
 * uses. Deliberately narrow — a `false` only means "let the parser decide"; `markdown-free-text.test.ts`
 * checks every `true` against the parser itself. Lets a conversation whose messages are plain
 * text paint without loading the Markdown parser.
 *
 * @example isMarkdownFree("See you at 10, ok?") // true
 * @example isMarkdownFree("**bold**") // false
 */
export function isMarkdownFree(text: string): boolean {
  if (text === "" || text.endsWith(" ")) return false;
  const first = text.charCodeAt(0);
  if (first < 0x80 && !isAsciiLetter(first)) return false;
  for (let index = 0; index < text.length; index++) if (!isInertAt(text, index)) return false;
  return true;
}

/**
 * The tree `parseMessage` makes of a Markdown-free text (see `isMarkdownFree`): one paragraph holding
 * the text as it is. Without source positions, which nothing rendering a message reads.
 */
export function markdownFreeTree(text: string): Root {
  return { type: "root", children: [{ type: "paragraph", children: [{ type: "text", value: text }] }] };
}
