import { describe, expect, it } from "vitest";
import type { UnreadCount } from "./types";
import { countArrivedMessage, countReadMarker, type UnreadCounts } from "./unread-count-updates";

const me = "me";

function counts(entry: Partial<UnreadCount> = {}): UnreadCounts {
  const general: UnreadCount = {
    channel_id: "general",
    unread_count: 2,
    mention_count: 0,
    last_message_at: "2026-11-26T10:00:00.000000+00:00",
    read_since: "2026-11-26T09:00:00.000000+00:00",
    ...entry,
  };
  return new Map([["general", general]]);
}

function message(extra: Record<string, unknown> = {}) {
  return {
    id: "m",
    channel_id: "general",
    author_id: "someone",
    body: "hello",
    thread_parent_id: null,
    deleted_at: null,
    mentions: [],
    created_at: "2026-11-26T10:05:00.123456+00:00",
    ...extra,
  };
}

const general = (next: UnreadCounts | null) => next?.get("general");

describe("countArrivedMessage", () => {
  it("counts someone else's top-level message after the marker as unread and as the newest", () => {
    expect(general(countArrivedMessage(counts(), message(), me))).toEqual({
      ...counts().get("general"),
      unread_count: 3,
      last_message_at: "2026-11-26T10:05:00.123456+00:00",
    });
  });

  it("counts a mention of the caller, in a reply too, but a reply is not unread nor the newest", () => {
    const next = general(countArrivedMessage(counts(), message({ thread_parent_id: "p", mentions: [me] }), me));
    expect(next).toMatchObject({
      unread_count: 2,
      mention_count: 1,
      last_message_at: "2026-11-26T10:00:00.000000+00:00",
    });
  });

  it("does not count the caller's own message, yet it is the channel's newest", () => {
    const next = general(countArrivedMessage(counts(), message({ author_id: me, mentions: [me] }), me));
    expect(next).toMatchObject({
      unread_count: 2,
      mention_count: 0,
      last_message_at: "2026-11-26T10:05:00.123456+00:00",
    });
  });

  it("does not count a message from before the marker (committed late)", () => {
    const early = message({ created_at: "2026-11-26T08:59:59.999999+00:00", mentions: [me] });
    expect(general(countArrivedMessage(counts({ last_message_at: null }), early, me))).toMatchObject({
      unread_count: 2,
      mention_count: 0,
      last_message_at: "2026-11-26T08:59:59.999999+00:00",
    });
  });

  it("hands back the same counts when nothing changes", () => {
    const same = counts();
    expect(countArrivedMessage(same, message({ thread_parent_id: "p" }), me)).toBe(same);
  });

  it("cannot tell a channel it does not list, a record missing a column, or a time within the marker's millisecond", () => {
    expect(countArrivedMessage(counts(), message({ channel_id: "new-channel" }), me)).toBeNull();
    expect(countArrivedMessage(counts(), { channel_id: "general" }, me)).toBeNull();
    expect(countArrivedMessage(counts(), message({ created_at: "2026-11-26T09:00:00.000400+00:00" }), me)).toBeNull();
    expect(countArrivedMessage(counts(), message({ created_at: "not a time" }), me)).toBeNull();
  });
});

describe("countReadMarker", () => {
  it("clears the unread count when the marker moves past the newest message", () => {
    const marker = { channel_id: "general", user_id: me, last_read_at: "2026-11-26T10:00:01.000000+00:00" };
    expect(general(countReadMarker(counts(), marker))).toEqual({
      ...counts().get("general"),
      unread_count: 0,
      read_since: "2026-11-26T10:00:01.000000+00:00",
    });
  });

  it("cannot tell a marker short of the newest message, moved back, or with mentions counted", () => {
    const short = { channel_id: "general", last_read_at: "2026-11-26T09:30:00.000000+00:00" };
    const back = { channel_id: "general", last_read_at: "2026-11-26T08:00:00.000000+00:00" };
    const past = { channel_id: "general", last_read_at: "2026-11-26T11:00:00.000000+00:00" };
    expect(countReadMarker(counts(), short)).toBeNull();
    expect(countReadMarker(counts({ last_message_at: null }), back)).toBeNull();
    expect(countReadMarker(counts({ mention_count: 1 }), past)).toBeNull();
    expect(countReadMarker(counts(), { channel_id: "other", last_read_at: past.last_read_at })).toBeNull();
    expect(countReadMarker(counts(), { channel_id: "general" })).toBeNull();
  });
});
