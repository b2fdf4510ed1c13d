/** The nearest ancestor that scrolls vertically (the timeline or the thread), or null. */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === "auto" || overflow === "scroll") return node;
  }
  return null;
}

/**
 * Where a hovered or focused message's tools float on pointer devices: just above the message, so
 * they never cover its first line (the author, the time and "(edited)"), or just below it when the
 * scrolling list's top edge would cut them off there. Sets `data-tools` on the message.
 * @example <article onPointerEnter={(e) => placeMessageTools(e.currentTarget)} …>
 */
export function placeMessageTools(message: HTMLElement): void {
  const tools = message.querySelector<HTMLElement>(".message-actions");
  if (!tools) return;
  const list = scrollingAncestor(message);
  const roomAbove = message.getBoundingClientRect().top - (list?.getBoundingClientRect().top ?? 0);
  message.dataset.tools = roomAbove >= tools.offsetHeight ? "above" : "below";
}
