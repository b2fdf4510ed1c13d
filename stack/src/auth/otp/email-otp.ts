import type { AuthCore } from "../core.ts";
import { ErrorCode, signupDisabled, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { createFlowState, type PkceParams } from "../pkce/flow-state.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { confirmEmail } from "../users/confirm.ts";
import { createUserWithIdentity } from "../users/create-user.ts";
import { hashPassword, randomPassword } from "../users/passwords.ts";
import { findUserByEmail } from "../users/user-queries.ts";
import { sendEmailToken } from "./send-email-token.ts";

export interface EmailOtpInput {
  email: string;
  createUser: boolean;
  data: Record<string, unknown>;
  pkce?: PkceParams;
  redirectTo: string;
}

/**
 * POST /otp with an email (also /magiclink) (auth: internal/api/otp.go, magic_link.go): a new or
 * unconfirmed address gets the signup confirmation (or, autoconfirmed, is confirmed and gets a
 * magic link); a confirmed one gets the magic link in the recovery slot. Always `{}` on success.
 */
export async function requestEmailOtp(core: AuthCore, input: EmailOtpInput, client: ClientInfo): Promise<void> {
  const settings = core.settings();
  if (!settings.email.enable_signup)
    throw unprocessable(ErrorCode.email_provider_disabled, "Email logins are disabled");
  const passwordHash = await hashPassword(randomPassword());
  await inTransaction(core.pool, async (sql) => {
    let user = await findUserByEmail(sql, input.email);
    if (!user && !input.createUser) throw unprocessable(ErrorCode.otp_disabled, "Signups not allowed for otp");
    if (!user || user.email_confirmed_at === null) {
      if (!user) {
        if (!settings.enable_signup) throw signupDisabled();
        user = await createUserWithIdentity(sql, { email: input.email, passwordHash, data: input.data });
        await recordAudit(sql, { actor: user, action: "user_signedup", logType: "team", ip: client.ip });
      }
      if (!settings.mailerAutoconfirm) {
        if (input.pkce) await createFlowState(sql, user.id, input.pkce, "email/signup");
        await sendEmailToken(core, sql, user, {
          kind: "confirmation",
          slot: "confirmation",
          to: input.email,
          redirectTo: input.redirectTo,
          pkce: input.pkce !== undefined,
        });
        return;
      }
      user = await confirmEmail(sql, user);
    }
    if (input.pkce) await createFlowState(sql, user.id, input.pkce, "magiclink");
    await sendEmailToken(core, sql, user, {
      kind: "magic_link",
      slot: "recovery",
      to: input.email,
      redirectTo: input.redirectTo,
      pkce: input.pkce !== undefined,
    });
    await recordAudit(sql, { actor: user, action: "user_recovery_requested", logType: "user", ip: client.ip });
  });
}
