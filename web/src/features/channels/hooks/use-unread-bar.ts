import type { Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useState, type RefObject } from "react";
import type { SetURLSearchParams } from "react-router";
import type { UnreadStart } from "../api/unread-start";

type UnreadBarOptions = {
  unread: UnreadStart | null;
  /** The loaded timeline, oldest first. */
  messages: readonly { id: string }[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scroller: RefObject<HTMLElement | null>;
  /** Jumping sets `?message=<first unread id>`, which the timeline already knows how to open. */
  setParams: SetURLSearchParams;
};

/**
 * The "Jump to first unread" bar: it shows while there are unread messages, their divider is out
 * of view, and the reader has neither seen the divider (scrolled to it, or jumped) nor dismissed
 * the bar. Call `noticeDivider` on every scroll: once the divider has been in view, the bar stays
 * away for the rest of the visit.
 */
export function useUnreadBar({ unread, messages, virtualizer, scroller, setParams }: UnreadBarOptions) {
  const [seen, setSeen] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  const index = unread ? messages.findIndex((message) => message.id === unread.messageId) : -1;
  const row = index >= 0 ? virtualizer.measurementsCache[index] : undefined;
  const top = virtualizer.scrollOffset ?? 0;
  const bottom = top + (virtualizer.scrollRect?.height ?? 0);
  const inView = row !== undefined && row.end > top && row.start < bottom;

  const noticeDivider = useCallback(() => {
    const list = scroller.current;
    const divider = list?.querySelector("[data-unread-divider]");
    if (!list || !divider) return;
    const box = list.getBoundingClientRect();
    const line = divider.getBoundingClientRect();
    if (line.bottom > box.top && line.top < box.bottom) setSeen(true);
  }, [scroller]);

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
    jump,
    dismiss: () => setDismissed(true),
  };
}
