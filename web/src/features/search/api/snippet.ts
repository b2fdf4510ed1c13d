export type SnippetPart = { text: string; marked: boolean };

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

function unescapeHtml(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}

/**
 * Splits a `search_messages` snippet (HTML-escaped text whose only tags are `<mark>`) into plain
 * text parts, so React renders them as text — never as HTML. Anything else that looks like a tag
 * stays literal text.
 *
 * @example parseSnippet("a &lt;b&gt; <mark>cat</mark>") // [{text:"a <b> ",marked:false},{text:"cat",marked:true}]
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = /<mark>(.*?)<\/mark>/gs;
  let last = 0;
  for (const match of snippet.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: unescapeHtml(snippet.slice(last, match.index)), marked: false });
    parts.push({ text: unescapeHtml(match[1] ?? ""), marked: true });
    last = match.index + match[0].length;
  }
  if (last < snippet.length) parts.push({ text: unescapeHtml(snippet.slice(last)), marked: false });
  return parts.filter((part) => part.text !== "");
}
