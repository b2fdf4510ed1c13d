/** How many recent places are remembered per person. */
export const recentLimit = 20;

const storageKey = (userId: string) => `parley.recent-places.${userId}`;

/**
 * The places (item keys, most recent first) this person opened on this device. Kept in localStorage per user, so
 * two people sharing a browser keep their own; anything unreadable counts as none.
 */
export function readRecentKeys(storage: Storage, userId: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(storageKey(userId)) ?? "[]");
    return Array.isArray(value)
      ? value.filter((key): key is string => typeof key === "string").slice(0, recentLimit)
      : [];
  } catch {
    return [];
  }
}

/** Moves `key` to the front of this person's recent places and returns the new list. */
export function rememberRecentKey(storage: Storage, userId: string, key: string): string[] {
  const next = [key, ...readRecentKeys(storage, userId).filter((existing) => existing !== key)].slice(0, recentLimit);
  try {
    storage.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    // a full or disabled storage only costs the ordering
  }
  return next;
}
