// A message body as a push notification shows it: plain text, no Markdown syntax. Parsed with mdast
// (the parser and the chat-only settings the app uses, so what the app renders as emphasis, code or a
// link is what loses its syntax here): emphasis and strikethrough keep their words, inline code its
// code, a link its text, quotes and list markers go, a fenced code block shows only its first line.
import { fromMarkdown } from "npm:mdast-util-from-markdown@2.1.0";
import { gfmAutolinkLiteralFromMarkdown } from "npm:mdast-util-gfm-autolink-literal@2.1.0";
import { gfmStrikethroughFromMarkdown } from "npm:mdast-util-gfm-strikethrough@2.0.1";
import { gfmAutolinkLiteral } from "npm:micromark-extension-gfm-autolink-literal@2.1.0";
import { gfmStrikethrough } from "npm:micromark-extension-gfm-strikethrough@2.1.0";

/** The mdast node shapes this reads (structural, so the mdast types package is not needed). */
interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
}

/** Constructs a chat message does not use, switched off as the app does: their characters stay text. */
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

/** Block nodes set apart from their neighbours by a space. */
const BLOCKS = new Set(["paragraph", "blockquote", "list", "listItem", "code"]);

/** A code block's first non-empty line, with an ellipsis when there was more. */
function shortenedCode(code: string): string {
  const lines = code.split("\n").filter((line) => line.trim() !== "");
  const first = lines[0] ?? "";
  return lines.length > 1 ? `${first} …` : first;
}

function collect(node: MarkdownNode, out: string[]): void {
  if (node.type === "text" || node.type === "inlineCode") out.push(node.value ?? "");
  else if (node.type === "code") out.push(shortenedCode(node.value ?? ""));
  else if (node.type === "break") out.push(" ");
  else {
    for (const child of node.children ?? []) {
      collect(child, out);
      if (BLOCKS.has(child.type)) out.push(" ");
    }
  }
}

/**
 * `markdown` without its syntax, white space collapsed to single spaces.
 * @example markdownToPlainText("**hi** `x` [docs](https://example.com)") // "hi x docs"
 */
export function markdownToPlainText(markdown: string): string {
  const tree = fromMarkdown(markdown, {
    extensions: [gfmAutolinkLiteral(), gfmStrikethrough({ singleTilde: false }), chatOnly],
    mdastExtensions: [gfmAutolinkLiteralFromMarkdown(), gfmStrikethroughFromMarkdown()],
  }) as MarkdownNode;
  const out: string[] = [];
  collect(tree, out);
  return out.join("").replace(/\s+/g, " ").trim();
}
