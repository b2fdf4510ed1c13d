import bcrypt from "bcrypt";
import { randomBytes } from "node:crypto";
import type { AuthSettings } from "../config/settings.ts";
import { validation, weakPassword } from "../errors.ts";
import { inBcryptSlot } from "./bcrypt-slots.ts";

/** GoTrue hashes with bcrypt at the library's default cost (auth: internal/crypto/password.go). */
export const BCRYPT_COST = 10;
/** bcrypt reads only 72 bytes (auth: internal/api/password.go). */
export const MAX_PASSWORD_LENGTH = 72;

/**
 * `$2a$10$…` as GoTrue (Go's x/crypto/bcrypt) writes it, so hashes move both ways between hosted
 * and the stack. Native bcrypt runs on libuv's thread pool, so sign-ins do not block the event loop;
 * `inBcryptSlot` keeps it to one job per core so the pool stays free for other requests.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = await bcrypt.genSalt(BCRYPT_COST, "a");
  return inBcryptSlot(() => bcrypt.hash(password, salt));
}

/**
 * bcrypt check (the comparison inside is constant-time); false for an empty or non-bcrypt hash.
 * `$2y$` (PHP, some imports) is the same algorithm as `$2b$`, which the native binding accepts.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) return false;
  return inBcryptSlot(() => bcrypt.compare(password, hash.replace(/^\$2y\$/, "$2b$")));
}

/**
 * A real hash at the same cost (of "parley-stack-timing-equaliser"), so an unknown account costs as
 * much as a wrong password. Written out rather than hashed at import: hashing blocked every start.
 */
export const timingEqualiserHash = "$2a$10$SbEjhqcRurx0u/CfB.p5vuJ1axyJ2s0A71t9WYOoxZPqgKhkyYqIS";

/** A random password for users created without one (OTP sign-up, invite). */
export const randomPassword = () => randomBytes(32).toString("base64url");

/**
 * GoTrue's password policy check: length, one character of each required class
 * (auth: internal/api/password.go). Throws 400 over 72 characters, 422 `weak_password` with reasons.
 */
export function checkPasswordStrength(settings: AuthSettings, password: string): void {
  const problems = passwordProblems(settings, password);
  if (problems) throw weakPassword(problems.message, problems.reasons);
}

/** The weak-password reasons without throwing (the password grant reports them on success). */
export function passwordProblems(
  settings: AuthSettings,
  password: string,
): { message: string; reasons: string[] } | undefined {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw validation(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < settings.minimum_password_length) {
    reasons.push("length");
    messages.push(`Password should be at least ${settings.minimum_password_length} characters.`);
  }
  const sets = settings.requiredCharacters;
  if (sets.some((set) => ![...password].some((ch) => set.includes(ch)))) {
    reasons.push("characters");
    messages.push(`Password should contain at least one character of each: ${sets.join(", ")}.`);
  }
  return reasons.length === 0 ? undefined : { message: messages.join(" "), reasons };
}
