import { markdownToPlainText } from "../../lib/markdown/plain-text";
import { splitMentionTokens } from "../../lib/mention-token";

/** How many characters (graphemes) of a message a notification shows before "…". */
export const SNIPPET_LENGTH = 140;

/** Cuts text to at most `length` user-perceived characters, never inside an emoji or a combined letter. */
function truncate(text: string, length: number): string {
  const graphemes = Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text));
  if (graphemes.length <= length) return text;
  return `${graphemes
    .slice(0, length - 1)
    .map((part) => part.segment)
    .join("")
    .trimEnd()}…`;
}

/**
 * A notification's body: the message as plain text (no Markdown syntax), each `<@id>` mention as the
 * person's current name (`mention` formats it, e.g. "@Ana"), cut to a short snippet.
 *
 * @example notificationSnippet("**ship** it <@…>", (id) => "@Ana") // "ship it @Ana"
 */
export function notificationSnippet(body: string, mention: (userId: string) => string, length = SNIPPET_LENGTH) {
  const text = markdownToPlainText(body, (prose) =>
    splitMentionTokens(prose)
      .map((piece) => ("text" in piece ? piece.text : mention(piece.userId)))
      .join(""),
  );
  return truncate(text, length);
}
