import type { AuthCore } from "../core.ts";
import { confirmEmail, confirmPhone } from "../users/confirm.ts";
import { syncProviders, upsertIdentity } from "../users/identities.ts";
import { hashPassword, randomPassword } from "../users/passwords.ts";
import { listIdentities, updateUser, type Sql } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { clearAllTokens, clearToken } from "./one-time-tokens.ts";
import type { FoundVerification } from "./find-verification.ts";
import type { VerificationType } from "./verification-types.ts";

export type VerificationOutcome = { kind: "verified"; user: UserRow } | { kind: "email_change_pending"; user: UserRow };

/** GoTrue's answer to the first half of a double-confirmed email change. */
export const EMAIL_CHANGE_PENDING_MESSAGE =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/**
 * What a verified token does to the user (auth: internal/api/verify.go): confirm
 * email or phone, consume recovery/magic-link tokens, complete phone or email changes (double
 * confirm: the first of two tokens only records itself), then recompute providers.
 */
export async function applyVerification(
  core: AuthCore,
  sql: Sql,
  found: FoundVerification,
  type: VerificationType,
): Promise<VerificationOutcome> {
  let user = found.user;
  switch (found.slot) {
    case "confirmation":
      if (type === "sms") user = await confirmPhone(sql, user);
      else {
        if (type === "invite" && !user.encrypted_password)
          user = await updateUser(sql, user.id, { encrypted_password: await hashPassword(randomPassword()) });
        user = await confirmEmail(sql, user);
      }
      break;
    case "recovery":
      await clearAllTokens(sql, user.id);
      user = user.email_confirmed_at === null ? await confirmEmail(sql, user) : await updateUser(sql, user.id, {});
      break;
    case "email_change_new":
    case "email_change_current": {
      const settings = core.settings();
      const firstOfTwo =
        !settings.mailerAutoconfirm &&
        settings.email.double_confirm_changes &&
        (user.email_change_confirm_status ?? 0) === 0 &&
        (user.email ?? "") !== "";
      if (firstOfTwo) {
        await clearToken(sql, user.id, found.slot);
        return {
          kind: "email_change_pending",
          user: await updateUser(sql, user.id, { email_change_confirm_status: 1 }),
        };
      }
      user = await completeEmailChange(sql, user);
      break;
    }
    case "phone_change":
      user = await completePhoneChange(sql, user);
      break;
    default:
      break;
  }
  return { kind: "verified", user: await syncProviders(sql, user) };
}

async function completeEmailChange(sql: Sql, user: UserRow): Promise<UserRow> {
  const email = user.email_change ?? "";
  await clearAllTokens(sql, user.id);
  const identity = (await listIdentities(sql, user.id)).find((i) => i.provider === "email");
  await upsertIdentity(sql, user.id, "email", {
    ...(identity?.identity_data ?? { sub: user.id, phone_verified: false }),
    email,
    email_verified: true,
  });
  const metadata = { ...(user.raw_user_meta_data ?? {}) };
  if ("email" in metadata) metadata.email = email;
  return updateUser(sql, user.id, {
    email,
    email_change: "",
    email_change_confirm_status: 0,
    email_confirmed_at: new Date(),
    is_anonymous: false,
    raw_user_meta_data: metadata,
  });
}

async function completePhoneChange(sql: Sql, user: UserRow): Promise<UserRow> {
  const phone = user.phone_change ?? "";
  await clearAllTokens(sql, user.id);
  const identity = (await listIdentities(sql, user.id)).find((i) => i.provider === "phone");
  await upsertIdentity(sql, user.id, "phone", {
    ...(identity?.identity_data ?? { sub: user.id, email_verified: false }),
    phone,
    phone_verified: true,
  });
  return updateUser(sql, user.id, { phone, phone_change: "", phone_confirmed_at: new Date(), is_anonymous: false });
}
