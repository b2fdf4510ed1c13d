/** A piece of message text: plain, or the `<@user-id>` token the database stores for a mention. */
export type TextPiece = { text: string } | { userId: string };

/** `<@user-id>`: how a message names a person, so that renaming them breaks nothing. */
export const MENTION_TOKEN = /<@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})>/gi;

/**
 * Splits text into plain text and mention tokens, in order.
 *
 * @example splitMentionTokens("hi <@6f1c…>") // [{ text: "hi " }, { userId: "6f1c…" }]
 */
export function splitMentionTokens(value: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of value.matchAll(MENTION_TOKEN)) {
    if (match.index > last) pieces.push({ text: value.slice(last, match.index) });
    pieces.push({ userId: (match[1] ?? "").toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < value.length) pieces.push({ text: value.slice(last) });
  return pieces;
}
