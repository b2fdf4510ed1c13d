import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Constant-time string equality for secrets (API keys, one-time codes, token hashes): compares
 * SHA-256 digests, so neither the position of the first difference nor the length shows in the time.
 * The stack's one such compare; services import it from the gateway.
 * @example if (!safeEqual(c.req.header("apikey") ?? "", keys.secretKey)) return c.json({ message: "Invalid API key" }, 401);
 */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** Digests of the stack's own secrets, computed once (a handful: the project's keys). */
const secretDigests = new Map<string, Buffer>();
const MAX_SECRET_DIGESTS = 64;

function secretDigest(secret: string): Buffer {
  let known = secretDigests.get(secret);
  if (known === undefined) {
    if (secretDigests.size >= MAX_SECRET_DIGESTS) secretDigests.clear();
    known = digest(secret);
    secretDigests.set(secret, known);
  }
  return known;
}

/**
 * Which of `secrets` equals `candidate` (its index, or -1), comparing every one in constant time as
 * `safeEqual` does, with the candidate hashed once and the secrets' digests kept.
 * @example safeEqualAny(apikey, [ring.secretKey, ring.publishableKey]) // 0, 1 or -1
 */
export function safeEqualAny(candidate: string, secrets: readonly string[]): number {
  const hashed = digest(candidate);
  let found = -1;
  for (let index = 0; index < secrets.length; index++) {
    if (timingSafeEqual(hashed, secretDigest(secrets[index] as string)) && found === -1) found = index;
  }
  return found;
}

/**
 * Constant-time equality of `candidate` with `known`, the UTF-8 bytes of a secret already checked
 * (`safeEqual`/`safeEqualAny`) that the same client sent before — without hashing, so cheaper on
 * every request. Unlike `safeEqual`, the time shows whether the two lengths differ: use it only for
 * values whose length is no secret (the project's `sb_…` keys have one public format).
 * @example if (memo !== undefined && safeEqualToChecked(apikey, memo.bytes)) return memo.kind;
 */
export function safeEqualToChecked(candidate: string, known: Buffer): boolean {
  const bytes = Buffer.from(candidate, "utf8");
  return bytes.length === known.length && timingSafeEqual(bytes, known);
}
