import { arrayOf, isString, nullable, objectOf } from "../../../lib/value-guards";
import type { UnreadCount } from "./types";

/** The sidebar's badges by channel id, as `channel_unread_counts` answered them. */
export type UnreadCounts = Map<string, UnreadCount>;

/** The columns of a new message (a realtime INSERT's record) that the badge rules read. */
const isArrivedMessage = objectOf({
  channel_id: isString,
  author_id: nullable(isString),
  thread_parent_id: nullable(isString),
  deleted_at: nullable(isString),
  mentions: nullable(arrayOf(isString)),
  created_at: isString,
});

/** The columns of the caller's read marker (a realtime INSERT's or UPDATE's record). */
const isMovedReadMarker = objectOf({ channel_id: isString, last_read_at: isString });

/**
 * Which of two timestamps is later, or null when that cannot be told: a value that does not parse,
 * or two different values within one millisecond (PostgreSQL keeps microseconds, Date does not).
 */
function compareTimes(a: string, b: string): number | null {
  const [left, right] = [Date.parse(a), Date.parse(b)];
  if (Number.isNaN(left) || Number.isNaN(right)) return null;
  if (left !== right) return left - right;
  return a === b ? 0 : null;
}

function withEntry(counts: UnreadCounts, entry: UnreadCount): UnreadCounts {
  return new Map(counts).set(entry.channel_id, entry);
}

/**
 * The badges after a new message, counted by the rules of `channel_unread_counts`: a top-level
 * message by someone else after the read marker is unread, one of any kind that mentions the
 * caller is a mention, and a top-level message is the channel's newest. Null when the badges
 * cannot be told from the message alone — a channel they do not list, a record missing a column,
 * a time too close to the marker to order — so the caller asks the database instead.
 *
 * @example countArrivedMessage(counts, payload.new, me) ?? refetch()
 */
export function countArrivedMessage(counts: UnreadCounts, record: unknown, me: string): UnreadCounts | null {
  if (!isArrivedMessage(record)) return null;
  const message = record;
  const entry = counts.get(message.channel_id);
  if (!entry) return null;
  const afterMarker = compareTimes(message.created_at, entry.read_since);
  if (afterMarker === null) return null;
  const topLevel = message.thread_parent_id === null;
  const counted = afterMarker > 0 && message.deleted_at === null && message.author_id !== me;
  const unread = counted && topLevel ? 1 : 0;
  const mention = counted && (message.mentions ?? []).includes(me) ? 1 : 0;
  let newest = entry.last_message_at;
  if (topLevel) {
    const later = newest === null ? 1 : compareTimes(message.created_at, newest);
    if (later === null) return null;
    if (later > 0) newest = message.created_at;
  }
  if (unread === 0 && mention === 0 && newest === entry.last_message_at) return counts;
  return withEntry(counts, {
    ...entry,
    unread_count: entry.unread_count + unread,
    mention_count: entry.mention_count + mention,
    last_message_at: newest,
  });
}

/**
 * The badges after the caller's read marker moved forward past the channel's newest message (what
 * reading a channel does): nothing in it is unread, and mentions — counted after the marker, so
 * they only ever shrink as it moves — stay at none if there were none. Null in every other case
 * (a marker moved back, or not past everything, or mentions that may or may not now be read).
 *
 * @example countReadMarker(counts, payload.new) ?? refetch()
 */
export function countReadMarker(counts: UnreadCounts, record: unknown): UnreadCounts | null {
  if (!isMovedReadMarker(record)) return null;
  const marker = record;
  const entry = counts.get(marker.channel_id);
  if (!entry || entry.mention_count !== 0) return null;
  const forward = compareTimes(marker.last_read_at, entry.read_since);
  if (forward === null || forward < 0) return null;
  const pastNewest = entry.last_message_at === null ? 0 : compareTimes(marker.last_read_at, entry.last_message_at);
  if (pastNewest === null || pastNewest < 0) return null;
  return withEntry(counts, { ...entry, unread_count: 0, read_since: marker.last_read_at });
}
