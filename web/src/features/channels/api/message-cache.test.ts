import { describe, expect, it } from "vitest";
import { chronological, upsertMessage, type MessagePages } from "./message-cache";
import type { Message } from "./types";

function message(id: string, created_at: string, extra: Partial<Message> = {}): Message {
  return {
    id,
    channel_id: "c",
    author_id: "u",
    body: id,
    thread_parent_id: null,
    reply_count: 0,
    last_reply_at: null,
    created_at,
    edited_at: null,
    deleted_at: null,
    mentions: [],
    broadcast_mention: null,
    ...extra,
  };
}

const pages: MessagePages = {
  pages: [
    [message("b", "2025-01-01T10:02:00Z"), message("a", "2025-01-01T10:01:00Z")],
    [message("z", "2025-01-01T09:00:00Z")],
  ],
  pageParams: [null, { created_at: "2025-01-01T10:01:00Z", id: "a" }],
};

describe("message cache", () => {
  it("adds a new message to the newest page and shows it last", () => {
    const next = upsertMessage(pages, message("c", "2025-01-01T10:03:00Z"));
    expect(chronological(next).map((m) => m.id)).toEqual(["z", "a", "b", "c"]);
  });

  it("replaces a message it already has instead of duplicating it", () => {
    const next = upsertMessage(pages, message("a", "2025-01-01T10:01:00Z", { body: "edited" }));
    expect(chronological(next).map((m) => m.body)).toEqual(["z", "edited", "b"]);
  });

  it("keeps thread replies out of the timeline and leaves an empty cache alone", () => {
    expect(upsertMessage(pages, message("r", "2025-01-01T11:00:00Z", { thread_parent_id: "a" }))).toBe(pages);
    expect(upsertMessage(undefined, message("r", "2025-01-01T11:00:00Z"))).toBeUndefined();
  });
});
