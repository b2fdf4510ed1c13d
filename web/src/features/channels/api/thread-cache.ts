import type { Message } from "./types";

/** Puts a reply into a cached thread (oldest first), replacing it if present. Not cached: left alone. */
export function upsertReply(data: Message[] | undefined, reply: Message): Message[] | undefined {
  if (!data) return data;
  const others = data.filter((existing) => existing.id !== reply.id);
  return [...others, reply].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1),
  );
}
