import type { Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmAutolinkLiteralFromMarkdown } from "mdast-util-gfm-autolink-literal";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmAutolinkLiteral } from "micromark-extension-gfm-autolink-literal";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";

/**
 * CommonMark constructs a chat message does not use. Switched off in the tokenizer, so their
 * characters stay plain text: `# 1 priority` is not a heading, a line of `---` is not a rule, four
 * leading spaces do not make code (only fences do), and HTML — `<script>`, `<b>` — is text, never
 * markup. Images become the text `!` followed by a link, so no remote picture loads by itself.
 */
const chatOnly = {
  disable: {
    null: [
      "codeIndented",
      "definition",
      "headingAtx",
      "htmlFlow",
      "htmlText",
      "labelStartImage",
      "setextUnderline",
      "thematicBreak",
    ],
  },
};

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
