import { useCallback, useState, type RefObject } from "react";
import type { SetURLSearchParams } from "react-router";
import type { UnreadStart } from "../api/unread-start";

type UnreadBarOptions = {
  unread: UnreadStart | null;
  scroller: RefObject<HTMLElement | null>;
  /** Jumping sets `?message=<first unread id>`, which the timeline already knows how to open. */
  setParams: SetURLSearchParams;
};

/**
 * The "Jump to first unread" bar: it shows while there are unread messages, their divider is out
 * of view, and the reader has neither seen the divider (scrolled to it, or jumped) nor dismissed
 * the bar. Call `noticeDivider` on every scroll: once the divider has been in view, the bar stays
 * away for the rest of the visit. Call `checkDivider` whenever the rows move without a scroll
 * (first layout, rows measured): the bar hides while the divider is in view then, without
 * counting it as seen. The list renders only the rows near the view, so a divider that is not in
 * the DOM is out of view.
 */
export function useUnreadBar({ unread, scroller, setParams }: UnreadBarOptions) {
  const [seen, setSeen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [inView, setInView] = useState(false);

  const checkDivider = useCallback(() => {
    const shown = dividerInView(scroller.current);
    setInView(shown);
    return shown;
  }, [scroller]);

  const noticeDivider = useCallback(() => {
    if (checkDivider()) setSeen(true);
  }, [checkDivider]);

  function jump() {
    if (!unread) return;
    setSeen(true);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("message", unread.messageId);
      return next;
    });
  }

  return {
    shown: unread !== null && !seen && !dismissed && !inView,
    noticeDivider,
    checkDivider,
    jump,
    dismiss: () => setDismissed(true),
  };
}

function dividerInView(list: HTMLElement | null): boolean {
  const divider = list?.querySelector("[data-unread-divider]");
  if (!list || !divider) return false;
  const box = list.getBoundingClientRect();
  const line = divider.getBoundingClientRect();
  return line.bottom > box.top && line.top < box.bottom;
}
