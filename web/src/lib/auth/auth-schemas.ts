import { z } from "../zod-mini";
import { checkPassword, passwordPolicy } from "./password-policy";

/** Field schemas shared by the auth and account screens; messages are catalog ids. */
export const emailField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, "validation.emailRequired"),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "validation.emailInvalid"),
    z.maxLength(255, "validation.emailInvalid"),
  );

export const passwordField = z.string().check(z.minLength(1, "validation.passwordRequired"));

/** A new password must meet the backend's policy (the server re-checks, and may also say `pwned`). */
export const newPasswordField = z.string().check(
  z.minLength(1, "validation.passwordRequired"),
  z.refine((value) => checkPassword(value, passwordPolicy).acceptable, "validation.passwordPolicy"),
  z.refine((value) => new TextEncoder().encode(value).length <= 72, "validation.passwordTooLong"),
);

/** The emailed one-time code: digits only, six to ten of them (`otp_length`). */
export const emailCodeField = z.string().check(z.trim(), z.regex(/^\d{6,10}$/, "validation.codeInvalid"));
