/**
 * Parley's small message syntax: `code`, **bold**, *italic* or _italic_, [text](https://…) and
 * bare http(s) links. Parsed into a tree the UI renders as React elements — never as HTML — so a
 * message can contain `<script>` and it stays text.
 */
export type FormattedNode =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "bold" | "italic"; children: FormattedNode[] }
  | { type: "link"; href: string; children: FormattedNode[] };

const pattern = new RegExp(
  [
    "`([^`\\n]+)`", // 1 code
    "\\*\\*(?!\\s)(.+?)(?<!\\s)\\*\\*", // 2 bold
    "\\[([^\\]\\n]+)\\]\\(((?:https?://|mailto:)[^\\s)]+)\\)", // 3 label, 4 href
    "(https?://[^\\s<>]*[^\\s<>.,:;\"')\\]!?])", // 5 bare link
    "(?<![\\p{L}\\p{N}*])\\*(?![\\s*])([^*\\n]+?)(?<!\\s)\\*(?![\\p{L}\\p{N}*])", // 6 italic
    "(?<![\\p{L}\\p{N}_])_(?![\\s_])([^_\\n]+?)(?<!\\s)_(?![\\p{L}\\p{N}_])", // 7 italic
  ].join("|"),
  "gu",
);

/** Parses message text into formatted nodes; anything not matching a rule stays plain text. */
export function parseFormatting(text: string, allowLinks = true): FormattedNode[] {
  const nodes: FormattedNode[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
    const [whole, code, bold, label, href, bare, star, underscore] = match;
    const isLink = label !== undefined || bare !== undefined;
    if (isLink && !allowLinks) continue;
    if (match.index > last) nodes.push({ type: "text", text: text.slice(last, match.index) });
    if (code !== undefined) nodes.push({ type: "code", text: code });
    else if (bold !== undefined) nodes.push({ type: "bold", children: parseFormatting(bold, allowLinks) });
    else if (label !== undefined && href !== undefined)
      nodes.push({ type: "link", href, children: parseFormatting(label, false) });
    else if (bare !== undefined) nodes.push({ type: "link", href: bare, children: [{ type: "text", text: bare }] });
    else nodes.push({ type: "italic", children: parseFormatting(star ?? underscore ?? "", allowLinks) });
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push({ type: "text", text: text.slice(last) });
  return nodes;
}
