import { validation } from "../errors.ts";

const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const E164 = /^[1-9][0-9]{1,14}$/;

/** Lower-cased, ≤ 255 chars, format-checked (auth: internal/api/mail.go validateEmail). */
export function normalizeEmail(email: string, status = 400): string {
  const trimmed = email.trim();
  if (trimmed === "") throw validation("An email address is required", status);
  if (trimmed.length > 255) throw validation("An email address is too long", status);
  if (!EMAIL.test(trimmed)) throw validation("Unable to validate email address: invalid format", status);
  return trimmed.toLowerCase();
}

/** E.164 digits without `+` or spaces, as stored and put in tokens (auth: internal/api/phone.go). */
export function normalizePhone(phone: string): string {
  const digits = phone.trim().replace(/^\+/, "").replace(/\s/g, "");
  if (!E164.test(digits)) throw validation("Invalid phone number format (E.164 required)");
  return digits;
}
