import type { MentionPeople } from "./mention-tokens";

/**
 * `encodeMentions`, with its module loaded on first use: it needs the Markdown parser (to leave
 * code and links alone), which a conversation of plain-text messages paints without. The parser
 * is usually in by the first send (it loads once the messages are on screen).
 *
 * @example await encodeMentionsOnSend("hi @ann", people) // "hi <@6f1c…>"
 */
export async function encodeMentionsOnSend(markdown: string, people: MentionPeople): Promise<string> {
  const { encodeMentions } = await import("./mention-tokens");
  return encodeMentions(markdown, people);
}
