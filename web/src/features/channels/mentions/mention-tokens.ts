import type { Nodes } from "mdast";
import { parseMessage } from "../formatting/parse-message";

/** Who a mention can name: the people the app already knows, by id. */
export type MentionPeople = ReadonlyMap<string, { id: string; username: string }>;

/** A piece of text: plain, or the `<@user-id>` token the database stores for a mention. */
export type TextPiece = { text: string } | { userId: string };

const TOKEN = /<@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})>/gi;
const HANDLE = /(^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}][\p{L}\p{N}._-]{0,31})/gu;

/** Splits a text node's value into plain text and mention tokens, in order. */
export function splitMentionTokens(value: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of value.matchAll(TOKEN)) {
    if (match.index > last) pieces.push({ text: value.slice(last, match.index) });
    pieces.push({ userId: (match[1] ?? "").toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < value.length) pieces.push({ text: value.slice(last) });
  return pieces;
}

/** The [start, end) source ranges of the message's plain text (not code, not link text). */
function textRanges(markdown: string): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: Nodes) => {
    if (node.type === "text" && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      ranges.push([node.position.start.offset, node.position.end.offset]);
    } else if ("children" in node && node.type !== "link") {
      node.children.forEach(visit);
    }
  };
  visit(parseMessage(markdown));
  return ranges;
}

/** Rewrites a pattern's matches inside the message's plain text only, leaving code and links as written. */
function rewriteText(markdown: string, pattern: RegExp, replace: (match: RegExpMatchArray) => string | null): string {
  let result = markdown;
  for (const [start, end] of textRanges(markdown).reverse()) {
    const source = result.slice(start, end);
    const rewritten = source.replace(pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpMatchArray;
      return replace(match) ?? match[0] ?? "";
    });
    result = result.slice(0, start) + rewritten + result.slice(end);
  }
  return result;
}

/**
 * What the composer sends: every `@username` of a known person becomes `<@user-id>`, so the
 * mention keeps pointing at that person whatever they are called later. Unknown handles stay.
 *
 * @example encodeMentions("hi @ann", people) // "hi <@6f1c…>"
 */
export function encodeMentions(markdown: string, people: MentionPeople): string {
  const byHandle = new Map([...people.values()].map((person) => [person.username.toLowerCase(), person.id]));
  return rewriteText(markdown, HANDLE, (match) => {
    const id = byHandle.get((match[2] ?? "").toLowerCase());
    return id ? `${match[1] ?? ""}<@${id}>` : null;
  });
}

/** What the editor shows: `<@user-id>` tokens as the person's current `@username`. */
export function decodeMentions(markdown: string, people: MentionPeople): string {
  return rewriteText(markdown, TOKEN, (match) => {
    const person = people.get((match[1] ?? "").toLowerCase());
    return person ? `@${person.username}` : null;
  });
}
