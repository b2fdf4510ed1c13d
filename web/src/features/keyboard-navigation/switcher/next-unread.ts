/**
 * The next (`step` 1) or previous (`step` -1) unread conversation after `currentId`, in the order the sidebar lists
 * them, wrapping around the end; `null` when no other conversation is unread. From outside any conversation the
 * first (or last) unread one is next.
 *
 * @example nextUnread(["a", "b", "c"], new Set(["a"]), "b", 1) // → "a" (wrapped)
 */
export function nextUnread(
  orderedIds: string[],
  unreadIds: ReadonlySet<string>,
  currentId: string | null,
  step: 1 | -1,
): string | null {
  const count = orderedIds.length;
  const currentIndex = currentId === null ? -1 : orderedIds.indexOf(currentId);
  const start = currentIndex === -1 ? (step === 1 ? -1 : count) : currentIndex;
  for (let offset = 1; offset <= count; offset++) {
    const id = orderedIds[(((start + step * offset) % count) + count) % count];
    if (id !== undefined && id !== currentId && unreadIds.has(id)) return id;
  }
  return null;
}
