import { createHash, randomBytes, randomInt } from "node:crypto";

const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A v1 refresh token: 12 random `[a-z0-9]` (auth: internal/crypto/crypto.go SecureAlphanumeric). */
export function newRefreshToken(length = 12): string {
  let out = "";
  for (let i = 0; i < length; i++) out += LOWER_ALNUM[randomInt(LOWER_ALNUM.length)];
  return out;
}

/** A numeric OTP of uniform random digits (auth: crypto.GenerateOtp). */
export function newOtp(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** `hex(SHA-224(email_or_phone + otp))`, the stored form of an email/SMS token (auth: crypto.GenerateTokenHash). */
export function tokenHash(identifier: string, otp: string): string {
  return createHash("sha224")
    .update(identifier + otp)
    .digest("hex");
}

/** A URL-safe random secret. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
