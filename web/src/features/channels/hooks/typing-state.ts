/** Sends at most one "typing" per this interval while someone keeps typing. */
export const typingThrottleMs = 2500;
/** A typist disappears this long after their last signal. */
export const typingExpiryMs = 6000;

export type Typist = { userId: string; until: number };
export type TypingSignal = { userId: string; stopped: boolean };

/**
 * Reads a "typing" broadcast. It comes from the database (`send_typing` names the sender with
 * auth.uid(); clients cannot broadcast on typing topics), so its `user_id` is who typed. Anything
 * else in the payload, such as a name, is ignored: names come from the people we know by that id.
 */
export function typingSignalFrom(payload: unknown, myId: string): TypingSignal | null {
  if (typeof payload !== "object" || payload === null) return null;
  const { user_id: userId, stopped } = payload as { user_id?: unknown; stopped?: unknown };
  if (typeof userId !== "string" || userId === myId) return null;
  return { userId, stopped: stopped === true };
}

/** Applies a signal from another person: they type until `now + expiry`, or stopped (sent). */
export function applyTypingSignal(typists: Typist[], signal: TypingSignal, now: number): Typist[] {
  const others = typists.filter((typist) => typist.userId !== signal.userId);
  return signal.stopped ? others : [...others, { userId: signal.userId, until: now + typingExpiryMs }];
}

/** Those still typing at `now`. */
export function activeTypists(typists: Typist[], now: number): Typist[] {
  return typists.filter((typist) => typist.until > now);
}

/** The names to show: each typist's name as we know them; someone we cannot name is not shown. */
export function typistNames(typists: Typist[], nameOf: (userId: string) => string | undefined): string[] {
  return typists.flatMap((typist) => nameOf(typist.userId) ?? []);
}

/** Whether a keystroke at `now` should be broadcast, given when the last signal went out. */
export function shouldSendTyping(lastSent: number, now: number): boolean {
  return now - lastSent >= typingThrottleMs;
}
