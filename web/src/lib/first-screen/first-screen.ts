import { useEffect, useSyncExternalStore } from "react";

let shown = false;
let scheduled = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isShown(): boolean {
  return shown;
}

/**
 * Records that the page's own content (a conversation's messages, say) is on screen: the parts
 * that wait for it (`<AfterFirstScreen>`) start loading once that frame has been painted, so their
 * JavaScript never competes with what the reader came for. Only the first call counts; the parts
 * then stay for the rest of the visit.
 *
 * @example useEffect(() => { if (timeline.isSuccess || timeline.isError) markFirstScreenShown(); }, [timeline.isSuccess, timeline.isError]);
 */
export function markFirstScreenShown(): void {
  if (shown || scheduled) return;
  scheduled = true;
  const open = () => {
    shown = true;
    for (const listener of listeners) listener();
  };
  // The frame callback runs before that paint; the task it queues, after it.
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(open));
  else setTimeout(open);
}

/** Whether the first screen's content has been painted (see `markFirstScreenShown`). */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(subscribe, isShown, isShown);
}

/** Marks the first screen shown once it is rendered: for pages whose content shows as soon as they do. */
export function FirstScreenShown(): null {
  useEffect(() => markFirstScreenShown(), []);
  return null;
}
