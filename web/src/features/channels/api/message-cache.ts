import type { InfiniteData } from "@tanstack/react-query";
import type { Message } from "./types";

export type MessagePages = InfiniteData<Message[], unknown>;

/**
 * Puts a message into the cached timeline: replaces it where it already is (an edit, or the echo
 * of one we sent), otherwise adds it to the newest page. Replies live in threads, not here.
 */
export function upsertMessage(data: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!data || message.thread_parent_id !== null) return data;
  let found = false;
  const pages = data.pages.map((page) =>
    page.map((existing) => {
      if (existing.id !== message.id) return existing;
      found = true;
      return message;
    }),
  );
  if (!found) {
    const [newest = [], ...older] = pages;
    const merged = [message, ...newest].sort(byNewestFirst);
    return { ...data, pages: [merged, ...older] };
  }
  return { ...data, pages };
}

/** Oldest first, for display with the newest at the bottom. */
export function chronological(data: MessagePages | undefined): Message[] {
  return data ? data.pages.flat().reverse() : [];
}

function byNewestFirst(a: Message, b: Message): number {
  if (a.created_at !== b.created_at) return Date.parse(b.created_at) - Date.parse(a.created_at);
  return a.id < b.id ? 1 : -1;
}
