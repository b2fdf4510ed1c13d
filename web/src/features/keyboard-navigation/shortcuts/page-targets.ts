import { composerSelector } from "./typing-context";

/** Marks the open conversation's timeline (`data-conversation-timeline`), as opposed to a thread's replies. */
const timelineSelector = "[data-conversation-timeline]";

/** Puts the caret in the open conversation's message box; `false` when there is none (an archived channel). */
export function focusComposer(): boolean {
  const composer = document.querySelector<HTMLElement>(composerSelector);
  composer?.focus();
  return composer !== null;
}

/**
 * The message whose thread "open thread" means: the timeline message that has focus (or holds it, e.g. on its
 * actions), else the last one shown in the timeline; `null` when the timeline shows none.
 */
export function threadTargetMessageId(): string | null {
  const timeline = document.querySelector(timelineSelector);
  if (!timeline) return null;
  const focused = document.activeElement?.closest<HTMLElement>("[data-message-id]");
  if (focused && timeline.contains(focused)) return focused.dataset.messageId ?? null;
  const shown = timeline.querySelectorAll<HTMLElement>("[data-message-id]");
  return shown[shown.length - 1]?.dataset.messageId ?? null;
}
