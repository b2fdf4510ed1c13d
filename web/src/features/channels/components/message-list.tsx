import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type Ref } from "react";
import { Virtualizer, type VirtualizerHandle } from "virtua";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { markFirstScreenShown } from "../../../lib/first-screen/first-screen";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { readMessageDensity } from "../../../lib/message-density/message-density";
import type { ConversationLabels } from "./conversation-labels";
import { chronological } from "../api/message-cache";
import { useChannelMessages } from "../api/list-messages";
import { useUnreadStart } from "../api/unread-start";
import { useBottomPin } from "../hooks/use-bottom-pin";
import { useJumpToMessage } from "../hooks/use-jump-to-message";
import { useShownMessages } from "../hooks/use-shown-messages";
import { useUnreadBar } from "../hooks/use-unread-bar";
import { useChat } from "./chat-context";
import { JumpToUnreadBar } from "./jump-to-unread-bar";
import { timelineMarks } from "./timeline-marks";
import { TimelineRow } from "./timeline-row";

/**
 * The channel's timeline as a labelled `log`: oldest at the top, newest at the bottom, only the
 * visible rows rendered. Nearing the top loads the previous page (no button, as in Slack), with a
 * status saying so, and keeps the reader's place; the oldest row says where the conversation begins. `?message=<id>` opens it at that message. Days get headings, a run of
 * one author's messages is grouped, and the messages that arrived since the reader's last visit
 * start under a "New messages" divider, with a bar to jump there while it is out of view.
 */
export function MessageList({ channelId, labels }: { channelId: string; labels: ConversationLabels }) {
  const timeline = useChannelMessages(channelId);
  const loaded = useMemo(() => (timeline.data ? chronological(timeline.data) : undefined), [timeline.data]);
  const shown = useShownMessages(loaded);
  const messages = useMemo(() => shown ?? [], [shown]);
  const { me } = useChat();
  const density = useMemo(() => readMessageDensity(me), [me]);
  const unread = useUnreadStart(channelId, me).data ?? null;
  const marks = useMemo(() => timelineMarks(messages, unread?.messageId ?? null), [messages, unread]);
  const list = useRef<VirtualizerHandle>(null);
  const newestId = messages.at(-1)?.id;
  const count = messages.length;
  const scrollToNewest = useCallback(() => {
    if (count > 0) list.current?.scrollToIndex(count - 1, { align: "end" });
  }, [count]);
  const bottom = { newestId, newestIsMine: messages.at(-1)?.author_id === me, shown, scrollToNewest };
  const { scroller, follow, leave, trackScroll } = useBottomPin(bottom);
  const shift = useOlderPageShift(messages);

  const [params, setParams] = useSearchParams();
  const scrollToIndex = useCallback((index: number) => list.current?.scrollToIndex(index, { align: "center" }), []);
  const jumpTarget = params.get("message");
  const jump = useJumpToMessage({
    target: jumpTarget,
    messages,
    timeline,
    leaveBottom: leave,
    scrollToIndex,
    scroller,
  });

  const unreadBar = useUnreadBar({ unread, scroller, setParams });
  // Rows measured taller than their estimate, an image that loaded: the reader at the bottom stays there.
  const onRowsResized = useCallback(() => {
    follow();
    unreadBar.checkDivider();
  }, [follow, unreadBar]);

  function loadOlder() {
    if (!timeline.hasNextPage || timeline.isFetchingNextPage) return;
    void timeline.fetchNextPage();
  }

  function onScroll() {
    trackScroll();
    unreadBar.noticeDivider();
    // Within a screen of the top: the next page is there before the reader reaches the end.
    const element = scroller.current;
    if (element && element.scrollTop < Math.max(200, element.clientHeight)) loadOlder();
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
      <JumpStatus jump={jump} />
      <div className="message-list-viewport">
        <OlderPageStatus loading={timeline.isFetchingNextPage} />
        {unread && unreadBar.shown && (
          <JumpToUnreadBar unread={unread} onJump={unreadBar.jump} onDismiss={unreadBar.dismiss} />
        )}
        <div
          ref={scroller}
          className="message-list"
          data-density={density}
          role="log"
          data-conversation-timeline
          aria-label={labels.messages}
          aria-busy={timeline.isFetchingNextPage || undefined}
          tabIndex={0}
          onScroll={onScroll}
        >
          <Virtualizer
            ref={list}
            scrollRef={scroller}
            data={messages}
            shift={shift}
            itemSize={64}
            as={RowsFrame}
            item={RowFrame}
            onResize={onRowsResized}
          >
            {(message, index) => (
              <TimelineRow
                key={message.id}
                message={message}
                mark={marks[index]}
                beginning={index === 0 && !timeline.hasNextPage ? labels.beginning : null}
                target={jump === "shown" && message.id === jumpTarget}
              />
            )}
          </Virtualizer>
        </div>
      </div>
    </div>
  );
}

/** Where a `?message=` jump is, above the timeline: looking for the message, or not found. */
function JumpStatus({ jump }: { jump: ReturnType<typeof useJumpToMessage> }) {
  const t = useTranslate();
  if (jump === "finding") {
    return (
      <p className="message-list__jump" role="status">
        {t("channels.jump.finding")}
      </p>
    );
  }
  if (jump !== "missing") return null;
  return (
    <Alert tone="info">
      <p>{t("channels.jump.missing")}</p>
    </Alert>
  );
}

/**
 * "Loading older messages…" over the top of the timeline while a previous page loads. Laid over
 * the list, not above it, so the list keeps its size and the reader's place; the live region is
 * always there, so screen readers announce the text when it appears.
 */
function OlderPageStatus({ loading }: { loading: boolean }) {
  const t = useTranslate();
  return (
    <p className="message-list__loading" role="status">
      {loading && (
        <span className="message-list__loading-text">
          <Spinner /> {t("channels.messages.loadingOlder")}
        </span>
      )}
    </p>
  );
}

/**
 * True from the render where an older page was put before the loaded messages (the oldest
 * changed, the newest did not) until the list next changes: the virtualizer then keeps the
 * reader's place from the end of the list, so the same message stays under their eyes. virtua
 * reads `shift` only when the number of rows changes, and each such change recomputes it here.
 */
function useOlderPageShift(messages: readonly { id: string }[]): boolean {
  const oldestId = messages[0]?.id;
  const newestId = messages.at(-1)?.id;
  const [last, setLast] = useState({ oldestId, newestId, count: messages.length, shift: false });
  if (last.oldestId !== oldestId || last.newestId !== newestId || last.count !== messages.length) {
    const shift = last.oldestId !== undefined && oldestId !== last.oldestId && newestId === last.newestId;
    setLast({ oldestId, newestId, count: messages.length, shift });
  }
  return last.shift;
}

type FrameProps = { style: CSSProperties; children: ReactNode; ref?: Ref<HTMLDivElement> };

/** The virtualizer's box of rows (its size is the whole timeline's). */
function RowsFrame({ style, children, ref }: FrameProps) {
  return (
    <div ref={ref} className="message-list__rows" style={style}>
      {children}
    </div>
  );
}

/** One placed row; the class lets a hovered row paint over its neighbours (`message.css`). */
function RowFrame({ style, index, children, ref }: FrameProps & { index: number }) {
  return (
    <div ref={ref} className="message-list__row" data-index={index} style={style}>
      {children}
    </div>
  );
}
