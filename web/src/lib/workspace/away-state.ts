/** One tab's presence payload on the workspace topic: `away` once its person has been idle a while. */
export type PresenceMeta = { away?: unknown };

/**
 * Who is away: every open tab of theirs says so (one active tab makes a person active). The
 * payload is the person's own claim, which is all "away" is; who is online at all is decided by
 * `onlineUsers`.
 */
export function awayUsers(state: Record<string, readonly PresenceMeta[]>): ReadonlySet<string> {
  return new Set(
    Object.entries(state)
      .filter(([, metas]) => metas.length > 0 && metas.every((meta) => meta.away === true))
      .map(([userId]) => userId),
  );
}
