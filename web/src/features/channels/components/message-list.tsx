import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { LoadError } from "../../../components/ui/load-error";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { markFirstScreenShown } from "../../../lib/first-screen/first-screen";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { ConversationLabels } from "./conversation-labels";
import { chronological } from "../api/message-cache";
import { useChannelMessages } from "../api/list-messages";
import { useUnreadStart } from "../api/unread-start";
import { useJumpToMessage } from "../hooks/use-jump-to-message";
import { useShownMessages } from "../hooks/use-shown-messages";
import { useUnreadBar } from "../hooks/use-unread-bar";
import { useChat } from "./chat-context";
import { JumpToUnreadBar } from "./jump-to-unread-bar";
import { timelineMarks } from "./timeline-marks";
import { TimelineRow } from "./timeline-row";

/** How close to the bottom (px) still counts as "reading the newest": new messages then scroll in. */
const stickThreshold = 120;

/**
 * The channel's timeline as a labelled `log`: oldest at the top, newest at the bottom, only the
 * visible rows rendered. Scrolling to the top (or the button there) loads the previous page and
 * keeps the reader's place. `?message=<id>` opens it at that message. Days get headings, a run of
 * one author's messages is grouped, and the messages that arrived since the reader's last visit
 * start under a "New messages" divider, with a bar to jump there while it is out of view.
 */
export function MessageList({ channelId, labels }: { channelId: string; labels: ConversationLabels }) {
  const t = useTranslate();
  const timeline = useChannelMessages(channelId);
  const loaded = useMemo(() => (timeline.data ? chronological(timeline.data) : undefined), [timeline.data]);
  const shown = useShownMessages(loaded);
  const messages = useMemo(() => shown ?? [], [shown]);
  const { me } = useChat();
  const unread = useUnreadStart(channelId, me).data ?? null;
  const marks = useMemo(() => timelineMarks(messages, unread?.messageId ?? null), [messages, unread]);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastScroll = useRef({ top: 0, height: 0 });
  const heightBeforeOlder = useRef<number | null>(null);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    overscan: 8,
    getItemKey: (index) => messages[index]?.id ?? index,
  });

  const [params, setParams] = useSearchParams();
  const leaveBottom = useCallback(() => {
    atBottom.current = false;
  }, []);
  const scrollToIndex = useCallback(
    (index: number) => virtualizer.scrollToIndex(index, { align: "center" }),
    [virtualizer],
  );
  const jumpTarget = params.get("message");
  const jump = useJumpToMessage({ target: jumpTarget, messages, timeline, leaveBottom, scrollToIndex, scroller });

  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;

  const unreadBar = useUnreadBar({ unread, messages, virtualizer, scroller, setParams });

  // The reader's own new message brings them back to the newest, wherever they were reading.
  const newestIsMine = messages.at(-1)?.author_id === me;
  const seenNewest = useRef(newestId);
  useLayoutEffect(() => {
    if (seenNewest.current !== undefined && newestId !== seenNewest.current && newestIsMine) atBottom.current = true;
    seenNewest.current = newestId;
  }, [newestId, newestIsMine]);

  // Reading the newest: stay pinned to the bottom whenever the rows change height (a new message,
  // a row measured taller than its estimate, an image that loaded).
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [totalSize, newestId]);

  // Older page prepended: keep the same message under the reader's eyes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || heightBeforeOlder.current === null) return;
    element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [oldestId]);

  function loadOlder() {
    if (!timeline.hasNextPage || timeline.isFetchingNextPage) return;
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void timeline.fetchNextPage();
  }

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    const { scrollTop: top, scrollHeight: height } = element;
    // Only the reader scrolling up leaves the bottom: a scroll that merely follows rows above the
    // view shrinking (the virtualizer keeping its place) moves scrollTop by as much as the height.
    const movedUp = lastScroll.current.top - top > lastScroll.current.height - height + 1;
    if (height - top - element.clientHeight < stickThreshold) atBottom.current = true;
    else if (movedUp) atBottom.current = false;
    lastScroll.current = { top, height };
    unreadBar.noticeDivider();
    if (element.scrollTop < 200) loadOlder();
  }

  // The messages (or why they could not load) are what the page is for: the rest loads after them.
  const settled = shown !== undefined || timeline.isError;
  useEffect(() => {
    if (settled) markFirstScreenShown();
  }, [settled]);

  if (timeline.isPending) return <Spinner />;
  if (timeline.isError) {
    return <LoadError message="channels.messages.loadError" onRetry={() => void timeline.refetch()} />;
  }
  if (shown === undefined) return <Spinner />;

  return (
    <div className="message-list-frame">
      {jump === "finding" && (
        <p className="message-list__jump" role="status">
          {t("channels.jump.finding")}
        </p>
      )}
      {jump === "missing" && (
        <Alert tone="info">
          <p>{t("channels.jump.missing")}</p>
        </Alert>
      )}
      <div className="message-list__start">
        {timeline.hasNextPage ? (
          <Button variant="quiet" pending={timeline.isFetchingNextPage} onClick={loadOlder}>
            {timeline.isFetchingNextPage ? t("channels.messages.loadingOlder") : t("channels.messages.loadOlder")}
          </Button>
        ) : (
          <p>{labels.beginning}</p>
        )}
      </div>
      <div className="message-list-viewport">
        {unread && unreadBar.shown && (
          <JumpToUnreadBar unread={unread} onJump={unreadBar.jump} onDismiss={unreadBar.dismiss} />
        )}
        <div
          ref={scroller}
          className="message-list"
          role="log"
          data-conversation-timeline
          aria-label={labels.messages}
          aria-busy={timeline.isFetchingNextPage || undefined}
          tabIndex={0}
          onScroll={onScroll}
        >
          <div className="message-list__rows" style={{ blockSize: totalSize }}>
            {virtualizer.getVirtualItems().map((row) => {
              const message = messages[row.index];
              if (!message) return null;
              return (
                <div
                  key={row.key}
                  ref={virtualizer.measureElement}
                  data-index={row.index}
                  className={
                    jump === "shown" && message.id === jumpTarget
                      ? "message-list__row message-list__row--target"
                      : "message-list__row"
                  }
                  style={{ transform: `translateY(${row.start}px)` }}
                >
                  <TimelineRow message={message} mark={marks[row.index]} />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
