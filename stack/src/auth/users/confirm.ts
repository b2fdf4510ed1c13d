import type { Sql } from "./user-queries.ts";
import { updateUser } from "./user-queries.ts";
import { patchIdentityData } from "./identities.ts";
import type { UserRow } from "./user-row.ts";
import { clearAllTokens } from "../otp/one-time-tokens.ts";

/**
 * Confirms the email: `email_confirmed_at`, `user_metadata.email_verified`, the email identity's
 * `email_verified`, pending tokens cleared (auth: models.User.Confirm).
 */
export async function confirmEmail(sql: Sql, user: UserRow): Promise<UserRow> {
  await clearAllTokens(sql, user.id);
  await patchIdentityData(sql, user.id, "email", { email_verified: true });
  return updateUser(sql, user.id, {
    email_confirmed_at: user.email_confirmed_at ?? new Date(),
    raw_user_meta_data: { ...(user.raw_user_meta_data ?? {}), email_verified: true },
  });
}

/**
 * Confirms the phone; an anonymous user becomes permanent (GoTrue's `/verify` with type `sms`).
 * Unlike the email, user_metadata is left alone (models.User.ConfirmPhone).
 */
export async function confirmPhone(sql: Sql, user: UserRow): Promise<UserRow> {
  await clearAllTokens(sql, user.id);
  await patchIdentityData(sql, user.id, "phone", { phone_verified: true });
  return updateUser(sql, user.id, {
    phone_confirmed_at: user.phone_confirmed_at ?? new Date(),
    is_anonymous: false,
  });
}
