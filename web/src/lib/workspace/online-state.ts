/** How often an open app announces (through the database) that its user is online. */
export const onlineAnnounceMs = 30_000;
/** How long an announcement counts: a little over two announcements, so one lost one is no gap. */
export const onlineStampMs = 75_000;

/** userId → until when their last announcement counts. */
export type OnlineStamps = ReadonlyMap<string, number>;

/**
 * Reads an "online" broadcast. It comes from the database (`announce_online` names the sender with
 * auth.uid(); clients cannot broadcast on the online topic), so its `user_id` is who is online.
 */
export function onlineUserFrom(payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  const userId = (payload as { user_id?: unknown }).user_id;
  return typeof userId === "string" ? userId : null;
}

/** Records an announcement; says whether that person was new (not counted as online a moment ago). */
export function stampOnline(stamps: Map<string, number>, userId: string, now: number): boolean {
  const fresh = (stamps.get(userId) ?? 0) <= now;
  stamps.set(userId, now + onlineStampMs);
  return fresh;
}

/**
 * Who is online: present on the workspace's presence topic (which says when someone leaves) and
 * announced by the database lately. A presence key alone is the client's own claim and shows no one.
 */
export function onlineUsers(presenceKeys: Iterable<string>, stamps: OnlineStamps, now: number): ReadonlySet<string> {
  return new Set([...presenceKeys].filter((userId) => (stamps.get(userId) ?? 0) > now));
}
