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
