import type { Nodes } from "mdast";
import { MENTION_TOKEN } from "../../../lib/mention-token";
import { parseMessage } from "../../../lib/markdown/parse-message";

/** Who a mention can name: the people the app already knows, by id. */
export type MentionPeople = ReadonlyMap<string, { id: string; username: string }>;

const HANDLE = /(^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}][\p{L}\p{N}._-]{0,31})/gu;

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
  return rewriteText(markdown, MENTION_TOKEN, (match) => {
    const person = people.get((match[1] ?? "").toLowerCase());
    return person ? `@${person.username}` : null;
  });
}
