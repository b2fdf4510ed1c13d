/** What the person is typing after a `:`: where it starts and what they typed so far. */
export type EmojiQuery = { start: number; end: number; query: string };

const MAX_QUERY = 32;

const isNameCharacter = (character: string) => /[\p{L}\p{M}\p{N}_+-]/u.test(character);

/**
 * The emoji name being typed at the caret, if any: a `:` at the start of the text or after a
 * space or punctuation (so `12:30` and `https://` open nothing), then name characters up to the
 * caret. Nothing while an input method composes: the suggestions would take Enter and the arrows.
 *
 * @example emojiQueryAt("nice :ta", 8, false) // { start: 5, end: 8, query: "ta" }
 */
export function emojiQueryAt(text: string, caret: number, composing: boolean): EmojiQuery | null {
  if (composing || caret < 1 || caret > text.length) return null;
  let at = caret - 1;
  while (at >= 0 && text[at] !== ":") {
    if (!isNameCharacter(text[at] ?? "") || caret - at > MAX_QUERY) return null;
    at -= 1;
  }
  if (at < 0) return null;
  const before = at === 0 ? "" : (text[at - 1] ?? "");
  if (before !== "" && (isNameCharacter(before) || before === ":" || before === "/")) return null;
  return { start: at, end: caret, query: text.slice(at + 1, caret) };
}

/** Replaces the typed `:query` with the chosen emoji and a space, and says where the caret goes. */
export function insertEmoji(text: string, query: EmojiQuery, emoji: string): { text: string; caret: number } {
  const inserted = `${emoji} `;
  return {
    text: text.slice(0, query.start) + inserted + text.slice(query.end).replace(/^ /, ""),
    caret: query.start + inserted.length,
  };
}
