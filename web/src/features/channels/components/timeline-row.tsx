import type { Message } from "../api/types";
import { DateSeparator } from "./date-separator";
import { MessageItem } from "./message-item";
import type { TimelineMark } from "./timeline-marks";
import { UnreadDivider } from "./unread-divider";

/** One row of the timeline: the day heading and unread divider it may start with, then its message. */
export function TimelineRow({ message, mark }: { message: Message; mark: TimelineMark | undefined }) {
  return (
    <>
      {mark?.startsDay && <DateSeparator date={new Date(message.created_at)} />}
      {mark?.firstUnread && <UnreadDivider />}
      <MessageItem message={message} grouped={mark?.grouped ?? false} />
    </>
  );
}
