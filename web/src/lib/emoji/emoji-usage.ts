/** How often and when last a person used each emoji (reactions, the composer, the `:` autocomplete). */
type Usage = Record<string, { count: number; lastUsed: number }>;

const storageKey = (userId: string) => `parley:emoji-usage:${userId}`;
const maxRemembered = 100;

/**
 * The emoji a person used, kept per person in this browser's localStorage (as Slack keeps its
 * "frequently used" per device until synced; Parley has no server copy). Unreadable or foreign
 * values count as no history.
 */
function readUsage(userId: string): Usage {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "{}");
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        ([, use]) =>
          typeof use === "object" &&
          use !== null &&
          typeof (use as { count?: unknown }).count === "number" &&
          typeof (use as { lastUsed?: unknown }).lastUsed === "number",
      ),
    ) as Usage;
  } catch {
    return {};
  }
}

/** Notes one use of `emoji` (a character sequence or a custom `:name:`) by the person. */
export function recordEmojiUse(userId: string, emoji: string, now = Date.now()): void {
  const usage = readUsage(userId);
  const before = usage[emoji];
  usage[emoji] = { count: (before?.count ?? 0) + 1, lastUsed: now };
  const kept = Object.entries(usage)
    .sort(([, a], [, b]) => b.lastUsed - a.lastUsed)
    .slice(0, maxRemembered);
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or disabled: the picker simply remembers nothing.
  }
}

/**
 * The person's emoji, most used first with recent use weighing more ("frecency": each use counts
 * less the longer ago it was, halving every week), so a new favourite rises quickly.
 */
export function frequentlyUsedEmoji(userId: string, now = Date.now()): string[] {
  const week = 7 * 24 * 60 * 60 * 1000;
  const weight = ({ count, lastUsed }: { count: number; lastUsed: number }) =>
    count * 0.5 ** (Math.max(0, now - lastUsed) / week);
  return Object.entries(readUsage(userId))
    .sort(([, a], [, b]) => weight(b) - weight(a) || b.lastUsed - a.lastUsed)
    .map(([emoji]) => emoji);
}
