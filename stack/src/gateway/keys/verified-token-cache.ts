// Verified JWTs remembered until they expire, so a client that sends the same bearer on every
// request pays for one signature check, not one per request. Keyed by the whole token string (the
// signature is part of it, so only the exact bytes that verified can hit), per key ring, and
// forgotten as soon as the ring's signing keys change: a token of a removed key is never served
// from here. Only successful verifications are kept; time claims are checked again on every hit.

import type { JWTPayload } from "jose";
import type { KeyRing } from "./key-ring.ts";

export type VerifiedClaims = JWTPayload & Record<string, unknown>;

/** Enough for every session of a small team; the oldest entry goes first when full. */
const MAX_TOKENS = 2000;

interface RingTokens {
  /** The ring's signing keys when these tokens verified; a different array means rotation. */
  keys: KeyRing["signingKeys"];
  tokens: Map<string, VerifiedClaims>;
}

const byRing = new WeakMap<KeyRing, RingTokens>();

function tokensOf(ring: KeyRing): Map<string, VerifiedClaims> {
  const known = byRing.get(ring);
  if (known !== undefined && known.keys === ring.signingKeys) return known.tokens;
  const fresh: RingTokens = { keys: ring.signingKeys, tokens: new Map() };
  byRing.set(ring, fresh);
  return fresh.tokens;
}

/** The claims of `token` if it verified against the ring's current keys, else undefined. */
export function cachedClaims(ring: KeyRing, token: string): VerifiedClaims | undefined {
  return tokensOf(ring).get(token);
}

/**
 * Remembers the claims of a token that just verified against `keys` (the ring's signing keys read
 * before verifying, so a rotation during verification is not cached over). The claims are frozen:
 * every request holding the token shares them.
 */
export function rememberClaims(
  ring: KeyRing,
  keys: KeyRing["signingKeys"],
  token: string,
  claims: VerifiedClaims,
): VerifiedClaims {
  const frozen = deepFreeze(claims);
  if (keys !== ring.signingKeys) return frozen;
  const tokens = tokensOf(ring);
  if (tokens.size >= MAX_TOKENS) {
    const oldest = tokens.keys().next();
    if (!oldest.done) tokens.delete(oldest.value);
  }
  tokens.set(token, frozen);
  return frozen;
}

/** Forgets a token (it expired). */
export function forgetClaims(ring: KeyRing, token: string): void {
  tokensOf(ring).delete(token);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
