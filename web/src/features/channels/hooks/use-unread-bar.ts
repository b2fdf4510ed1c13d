import { useCallback, useState, type RefObject } from "react";
import type { UnreadStart } from "../api/unread-start";

type Range = { start: number; end: number };

type UnreadBarOptions = {
  unread: UnreadStart | null;
  /** The divider's row position in the list, if that message is loaded. */
  dividerRow: Range | undefined;
  /** The list's scroll position and height. */
  view: Range;
  scroller: RefObject<HTMLElement | null>;
};

/**
 * Whether the "Jump to first unread" bar shows: while there are unread messages, their divider is
 * out of view, and the reader has neither seen the divider (scrolled to it, or jumped) nor
 * dismissed the bar. Call `noticeDivider` on every scroll: once the divider has been in view, the
 * bar stays away for the rest of the visit.
 */
export function useUnreadBar({ unread, dividerRow, view, scroller }: UnreadBarOptions) {
  const [seen, setSeen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const inView = dividerRow !== undefined && dividerRow.end > view.start && dividerRow.start < view.end;

  const noticeDivider = useCallback(() => {
    const list = scroller.current;
    const divider = list?.querySelector("[data-unread-divider]");
    if (!list || !divider) return;
    const box = list.getBoundingClientRect();
    const line = divider.getBoundingClientRect();
    if (line.bottom > box.top && line.top < box.bottom) setSeen(true);
  }, [scroller]);

  return {
    shown: unread !== null && !seen && !dismissed && !inView,
    noticeDivider,
    markSeen: () => setSeen(true),
    dismiss: () => setDismissed(true),
  };
}
