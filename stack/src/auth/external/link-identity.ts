import { recordAudit } from "../audit/audit-log.ts";
import type { AuthCore } from "../core.ts";
import { badRequest, ErrorCode, internal, unprocessable } from "../errors.ts";
import { sendEmailToken } from "../otp/send-email-token.ts";
import { confirmEmail } from "../users/confirm.ts";
import { syncProviders } from "../users/identities.ts";
import { findUserById, updateUser, type Sql } from "../users/user-queries.ts";
import type { ExternalAccount, ExternalSignIn } from "./external-account.ts";
import { findIdentity, insertIdentity } from "./identity-store.ts";
import { EmailConflictError, updateEmailFromIdentities } from "./primary-email.ts";
import { identityData } from "./user-data.ts";

/**
 * Attaches a provider identity to the signed-in user who started the link (auth: identity.go
 * linkIdentityToUser): 422 `identity_already_exists` when any user holds it; a user without email
 * takes the provider's (unverified → confirmation mail and 422 `email_not_confirmed`).
 */
export async function linkIdentityToUser(
  core: AuthCore,
  sql: Sql,
  targetUserId: string,
  sign: ExternalSignIn,
): Promise<ExternalAccount> {
  const target = await findUserById(sql, targetUserId, true);
  if (!target) throw unprocessable(ErrorCode.user_not_found, "Linking target user not found");
  const data = identityData(sign.data);
  const existing = await findIdentity(sql, data.sub, sign.provider);
  if (existing) {
    const message =
      existing.user_id === target.id ? "Identity is already linked" : "Identity is already linked to another user";
    throw unprocessable(ErrorCode.identity_already_exists, message);
  }
  const identity = await insertIdentity(sql, target.id, sign.provider, data);
  await recordAudit(sql, {
    actor: target,
    action: "identity_linked",
    logType: "user",
    ip: sign.ip,
    traits: { identity_id: identity.id, provider: sign.provider, provider_id: identity.provider_id },
  });
  let user = target;
  if ((user.email ?? "") === "") {
    try {
      user = await updateEmailFromIdentities(sql, user, core.settings().mailerAutoconfirm);
    } catch (error) {
      if (error instanceof EmailConflictError)
        throw badRequest(ErrorCode.email_exists, "A user with this email address has already been registered");
      throw internal("Database error updating user");
    }
    if (data.email_verified !== true) {
      if (user.email)
        user = await sendEmailToken(core, sql, user, {
          kind: "confirmation",
          slot: "confirmation",
          to: user.email,
          redirectTo: sign.redirectTo,
          pkce: false,
        });
      user = await syncProviders(sql, user);
      const label = sign.provider;
      return {
        user,
        deferredError: unprocessable(
          ErrorCode.email_not_confirmed,
          `Unverified email with ${label}. A confirmation email has been sent to your ${label} email`,
        ),
      };
    }
    user = await confirmEmail(sql, user);
    if (user.is_anonymous) user = await updateUser(sql, user.id, { is_anonymous: false });
  }
  return { user: await syncProviders(sql, user) };
}
