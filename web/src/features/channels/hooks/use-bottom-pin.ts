import { useCallback, useEffect, useLayoutEffect, useRef } from "react";

/** How close to the bottom (px) still counts as "reading the newest": new messages then scroll in. */
const stickThreshold = 120;

type BottomPinOptions = {
  /** The newest loaded message, and whether the reader wrote it. */
  newestId: string | undefined;
  newestIsMine: boolean;
  /** Changes when the list first has messages to show. */
  shown: unknown;
  /**
   * Brings the newest row's end into view through the virtualizer, which keeps correcting the
   * scroll position until rows it had only estimated are measured (a plain `scrollTop` write can
   * land short when they turn out smaller than estimated).
   */
  scrollToNewest: () => void;
};

/**
 * The timeline's scrolling box (`scroller`, for its ref), and the reader who is at its bottom kept
 * there: when a message arrives, when the box changes size, and whenever
 * rows change height (`follow`, for the virtualizer's resize callback). Scrolling up leaves the
 * bottom (`trackScroll`, on every scroll), as does `leave` (a jump to another message); the
 * reader's own new message brings them back, wherever they were reading.
 */
export function useBottomPin({ newestId, newestIsMine, shown, scrollToNewest }: BottomPinOptions) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastScroll = useRef({ top: 0, height: 0 });

  const seenNewest = useRef(newestId);
  useLayoutEffect(() => {
    if (seenNewest.current !== undefined && newestId !== seenNewest.current && newestIsMine) atBottom.current = true;
    seenNewest.current = newestId;
  }, [newestId, newestIsMine]);

  const follow = useCallback(() => {
    const element = scroller.current;
    if (!element || !atBottom.current) return;
    element.scrollTop = element.scrollHeight;
    scrollToNewest();
  }, [scrollToNewest]);
  useLayoutEffect(follow, [follow, newestId, shown]);
  // The box itself changing size (the unread bar above it coming or going, a window or on-screen
  // keyboard resized) moves its bottom edge: a reader at the newest message stays there.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => follow());
    observer.observe(element);
    return () => observer.disconnect();
  }, [follow, shown]);

  const leave = useCallback(() => {
    atBottom.current = false;
  }, []);

  const trackScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const { scrollTop: top, scrollHeight: height } = element;
    // Only the reader scrolling up leaves the bottom: a scroll that merely follows rows above the
    // view changing height (the virtualizer keeping its place) moves scrollTop by as much as the height.
    const movedUp = lastScroll.current.top - top > lastScroll.current.height - height + 1;
    if (height - top - element.clientHeight < stickThreshold) atBottom.current = true;
    else if (movedUp) atBottom.current = false;
    lastScroll.current = { top, height };
  }, []);

  return { scroller, follow, leave, trackScroll };
}
