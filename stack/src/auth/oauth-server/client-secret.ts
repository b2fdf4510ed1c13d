import { createHash, randomBytes } from "node:crypto";
import { safeEqual } from "../../gateway/index.ts";

/** A new client secret: 32 random bytes, base64url (GoTrue's generateClientSecret). */
export const newClientSecret = (): string => randomBytes(32).toString("base64url");

/** What is stored: SHA-256 of the secret, base64url (GoTrue's hashClientSecret). */
export const hashClientSecret = (secret: string): string => createHash("sha256").update(secret).digest("base64url");

/** Compares a presented secret with the stored hash in constant time. */
export function clientSecretMatches(presented: string, storedHash: string | null): boolean {
  return storedHash !== null && safeEqual(hashClientSecret(presented), storedHash);
}
