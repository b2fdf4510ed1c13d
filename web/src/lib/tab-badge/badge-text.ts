/** Counts above this show as "9+" on the favicon, which has room for two characters. */
const MOST_SHOWN = 9;

/**
 * The text of the favicon's badge for a count of unread mentions: nothing for none, the count up to
 * nine, then "9+".
 *
 * @example badgeText(0) // ""
 * @example badgeText(12) // "9+"
 */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count < 1) return "";
  return count > MOST_SHOWN ? `${MOST_SHOWN}+` : String(Math.floor(count));
}
