import type { Nodes } from "mdast";
import { parseMessage } from "./parse-message";

/** Block nodes whose text is set apart from its neighbours by a space. */
const BLOCKS = new Set(["paragraph", "blockquote", "list", "listItem", "code"]);

function collect(node: Nodes, out: string[], mapText: (text: string) => string): void {
  if (node.type === "text") out.push(mapText(node.value));
  else if (node.type === "inlineCode" || node.type === "code") out.push(node.value);
  else if (node.type === "break") out.push(" ");
  else if ("children" in node) {
    for (const child of node.children) {
      collect(child, out, mapText);
      if (BLOCKS.has(child.type)) out.push(" ");
    }
  }
}

/**
 * A message's text without its Markdown syntax: emphasis, code fences, quotes and list markers go, a
 * link keeps its text, and all white space collapses to single spaces. `mapText` rewrites prose only
 * (never code), e.g. to show `<@id>` tokens as names.
 *
 * @example markdownToPlainText("**hi** `x`\n\n> quoted") // "hi x quoted"
 */
export function markdownToPlainText(markdown: string, mapText: (text: string) => string = (text) => text): string {
  const out: string[] = [];
  collect(parseMessage(markdown), out, mapText);
  return out.join("").replace(/\s+/g, " ").trim();
}
