import type { AuthCore } from "../core.ts";
import { ErrorCode, badRequest, signupDisabled, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { createUserWithIdentity } from "../users/create-user.ts";
import { hashPassword, randomPassword } from "../users/passwords.ts";
import { findUserByPhone } from "../users/user-queries.ts";
import { sendSmsToken } from "./send-sms-token.ts";

/**
 * POST /otp with a phone: unknown numbers sign up (with a random password), every number gets an
 * SMS code in the confirmation slot, verified with `type: "sms"` (auth: internal/api/otp.go).
 */
export async function requestPhoneOtp(
  core: AuthCore,
  phone: string,
  createUser: boolean,
  data: Record<string, unknown>,
  client: ClientInfo,
): Promise<void> {
  const settings = core.settings();
  if (!settings.sms.enable_signup) throw badRequest(ErrorCode.phone_provider_disabled, "Unsupported phone provider");
  const passwordHash = await hashPassword(randomPassword());
  await inTransaction(core.pool, async (sql) => {
    let user = await findUserByPhone(sql, phone);
    if (!user && !createUser) throw unprocessable(ErrorCode.otp_disabled, "Signups not allowed for otp");
    if (!user) {
      if (!settings.enable_signup) throw signupDisabled();
      user = await createUserWithIdentity(sql, { phone, passwordHash, data });
      await recordAudit(sql, { actor: user, action: "user_signedup", logType: "team", ip: client.ip });
    }
    await sendSmsToken(core, sql, user, "confirmation", phone);
  });
}
