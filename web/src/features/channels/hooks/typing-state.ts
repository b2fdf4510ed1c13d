/** Sends at most one "typing" per this interval while someone keeps typing. */
export const typingThrottleMs = 2500;
/** A typist disappears this long after their last signal. */
export const typingExpiryMs = 6000;

export type Typist = { userId: string; name: string; until: number };
export type TypingSignal = { userId: string; name: string; stopped: boolean };

/** Applies a signal from another person: they type until `now + expiry`, or stopped (sent). */
export function applyTypingSignal(typists: Typist[], signal: TypingSignal, now: number): Typist[] {
  const others = typists.filter((typist) => typist.userId !== signal.userId);
  return signal.stopped ? others : [...others, { userId: signal.userId, name: signal.name, until: now + typingExpiryMs }];
}

/** Those still typing at `now`. */
export function activeTypists(typists: Typist[], now: number): Typist[] {
  return typists.filter((typist) => typist.until > now);
}

/** Whether a keystroke at `now` should be broadcast, given when the last signal went out. */
export function shouldSendTyping(lastSent: number, now: number): boolean {
  return now - lastSent >= typingThrottleMs;
}
