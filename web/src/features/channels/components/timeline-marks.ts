/** How close in time (ms) a message must follow the same author's to be shown grouped under it. */
export const groupingWindowMs = 5 * 60 * 1000;

type TimelineMessage = {
  id: string;
  author_id: string | null;
  created_at: string;
  deleted_at: string | null;
  /** A message with replies starts a thread: its summary line closes the run, as in Slack. */
  reply_count: number;
};

/** What a timeline row shows besides its message: a day heading, the unread divider, or neither; and grouping. */
export type TimelineMark = { startsDay: boolean; firstUnread: boolean; grouped: boolean };

/** The local calendar day of an instant, as a comparable key. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * Marks for each message of a timeline (oldest first): a day heading above the first message of
 * each local day; the unread divider above `firstUnreadId`; and "grouped" for a message that
 * follows the same author's within a few minutes on the same day with nothing between them — no
 * divider, no thread (the one above has no replies) — the way Slack shows a run of messages under one name.
 */
export function timelineMarks(messages: readonly TimelineMessage[], firstUnreadId: string | null): TimelineMark[] {
  return messages.map((message, index) => {
    const previous = messages[index - 1];
    const created = new Date(message.created_at);
    const startsDay = !previous || localDay(new Date(previous.created_at)) !== localDay(created);
    const firstUnread = message.id === firstUnreadId;
    const grouped =
      previous !== undefined &&
      !startsDay &&
      !firstUnread &&
      message.author_id !== null &&
      previous.author_id === message.author_id &&
      previous.deleted_at === null &&
      previous.reply_count === 0 &&
      message.deleted_at === null &&
      created.getTime() - new Date(previous.created_at).getTime() < groupingWindowMs;
    return { startsDay, firstUnread, grouped };
  });
}
