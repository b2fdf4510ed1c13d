import type { Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmAutolinkLiteralFromMarkdown } from "mdast-util-gfm-autolink-literal";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmAutolinkLiteral } from "micromark-extension-gfm-autolink-literal";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { unusedMarkdownConstructs } from "./chat-constructs";

/** See `unusedMarkdownConstructs`: their characters stay plain text. */
const chatOnly = { disable: { null: [...unusedMarkdownConstructs] } };

/**
 * Parses a message body into an mdast tree (CommonMark with GFM strikethrough and bare links).
 *
 * @example parseMessage("**hi** https://example.com").children[0]?.type === "paragraph"
 */
export function parseMessage(text: string): Root {
  return fromMarkdown(text, {
    extensions: [gfmAutolinkLiteral(), gfmStrikethrough({ singleTilde: false }), chatOnly],
    mdastExtensions: [gfmAutolinkLiteralFromMarkdown(), gfmStrikethroughFromMarkdown()],
  });
}
