/** What the person is typing after an `@`: where it starts and what they typed so far. */
export type MentionQuery = { start: number; end: number; query: string };

/** The longest a username can be (see the profiles table), so a longer word after `@` is not a mention. */
const MAX_QUERY = 32;

const isWordCharacter = (character: string) => /[\p{L}\p{N}_.-]/u.test(character);

/**
 * The mention being typed at the caret, if any: an `@` at the start of the text or after a
 * character that is not part of a word (so `ann@example.com` is not one), followed by word
 * characters up to the caret. Nothing while an input method is composing (Japanese, Chinese, …):
 * the text under composition is not final, and the suggestions would steal Enter and the arrows.
 *
 * @example mentionQueryAt("hi @an", 6, false) // { start: 3, end: 6, query: "an" }
 */
export function mentionQueryAt(text: string, caret: number, composing: boolean): MentionQuery | null {
  if (composing || caret < 1 || caret > text.length) return null;
  let at = caret - 1;
  while (at >= 0 && text[at] !== "@") {
    const character = text[at] ?? "";
    if (!isWordCharacter(character) || caret - at > MAX_QUERY) return null;
    at -= 1;
  }
  if (at < 0) return null;
  const before = at === 0 ? "" : (text[at - 1] ?? "");
  if (before !== "" && (isWordCharacter(before) || before === "@")) return null;
  return { start: at, end: caret, query: text.slice(at + 1, caret) };
}

/** Replaces the typed `@query` with the chosen `@handle ` and says where the caret goes next. */
export function insertMention(text: string, query: MentionQuery, handle: string): { text: string; caret: number } {
  const inserted = `@${handle} `;
  return {
    text: text.slice(0, query.start) + inserted + text.slice(query.end).replace(/^ /, ""),
    caret: query.start + inserted.length,
  };
}
