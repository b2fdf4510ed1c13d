import { memo } from "react";
import type { Message } from "../api/types";
import { DateSeparator } from "./date-separator";
import { MessageItem } from "./message-item";
import type { TimelineMark } from "./timeline-marks";
import { UnreadDivider } from "./unread-divider";

type TimelineRowProps = {
  message: Message;
  mark: TimelineMark | undefined;
  /** The message a link opened (`?message=<id>`): marked until the reader moves on. */
  target: boolean;
  /** On the conversation's first message (all history loaded): where it begins, e.g. "This is the start of #general". */
  beginning: string | null;
};

/**
 * One row of the timeline: the conversation's beginning (first row only), the day heading and
 * unread divider it may start with, then its message. The beginning is part of the first row, not
 * a block above the list, so it arrives with the oldest page and the reader's place holds.
 * Memoised: a new message re-renders its own row, not every row on screen. The cache keeps an
 * unchanged message the same object; marks are recomputed for every list, so they compare by value.
 */
export const TimelineRow = memo(function TimelineRow({ message, mark, target, beginning }: TimelineRowProps) {
  return (
    <>
      {beginning !== null && <p className="message-list__start">{beginning}</p>}
      {mark?.startsDay && <DateSeparator date={new Date(message.created_at)} />}
      {mark?.firstUnread && <UnreadDivider />}
      <MessageItem message={message} grouped={mark?.grouped ?? false} linked={target} />
    </>
  );
}, sameRow);

function sameRow(before: TimelineRowProps, after: TimelineRowProps): boolean {
  return (
    before.message === after.message &&
    before.target === after.target &&
    before.beginning === after.beginning &&
    before.mark?.startsDay === after.mark?.startsDay &&
    before.mark?.firstUnread === after.mark?.firstUnread &&
    before.mark?.grouped === after.mark?.grouped
  );
}
