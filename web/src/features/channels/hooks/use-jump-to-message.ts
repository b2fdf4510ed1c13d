import { useEffect, useRef } from "react";

export type JumpState = "none" | "finding" | "shown" | "missing";

type Timeline = {
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type JumpOptions = {
  /** The message to show (`?message=<id>`), or null. */
  target: string | null;
  /** The loaded timeline, oldest first. */
  messages: readonly { id: string }[];
  timeline: Timeline;
  /** Stop following the newest message: the reader asked for another one. */
  leaveBottom: () => void;
  /** Bring row `index` into view. */
  scrollToIndex: (index: number) => void;
  /** Where the rows live, to focus the message once it is rendered. */
  scroller: React.RefObject<HTMLElement | null>;
};

/**
 * Opens the timeline at a linked message (search results link here): older pages are loaded until
 * the message is among them, then it is scrolled to the middle of the view and focused, so a
 * screen reader starts there. A message that is gone (deleted, or never in this channel) ends in
 * "missing" once the oldest page is loaded. Each target is jumped to once; the reader is then free.
 * The state is derived from what is loaded: "finding" while pages are still coming.
 */
export function useJumpToMessage({
  target,
  messages,
  timeline,
  leaveBottom,
  scrollToIndex,
  scroller,
}: JumpOptions): JumpState {
  const handled = useRef<string | null>(null);
  // Looked up only while there is a target: the list renders on every scroll frame.
  const index = target ? messages.findIndex((message) => message.id === target) : -1;

  useEffect(() => {
    if (!target || handled.current === target || timeline.isPending) return;
    leaveBottom();
    if (index >= 0) {
      handled.current = target;
      scrollToIndex(index);
      focusWhenRendered(scroller, target);
    } else if (!timeline.hasNextPage) {
      handled.current = target;
    } else if (!timeline.isFetchingNextPage) {
      void timeline.fetchNextPage();
    }
  }, [target, index, timeline, leaveBottom, scrollToIndex, scroller]);

  if (!target) return "none";
  if (index >= 0) return "shown";
  return timeline.isPending || timeline.hasNextPage ? "finding" : "missing";
}

/**
 * The row is rendered a frame or two after the scroll, and stays hidden (unfocusable) until the
 * virtualizer has measured it: try for about half a second, until the focus has landed.
 */
function focusWhenRendered(scroller: React.RefObject<HTMLElement | null>, id: string, framesLeft = 30) {
  requestAnimationFrame(() => {
    const article = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`);
    if (article) {
      article.tabIndex = -1;
      article.focus({ preventScroll: true });
    }
    if (document.activeElement !== article && framesLeft > 0) focusWhenRendered(scroller, id, framesLeft - 1);
  });
}
