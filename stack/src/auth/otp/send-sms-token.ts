import type { AuthCore } from "../core.ts";
import { ErrorCode } from "../errors.ts";
import type { Sql } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { issueToken, TOKEN_SLOTS, type TokenSlot } from "./one-time-tokens.ts";
import { assertSendAllowed } from "./send-frequency.ts";

/** SMS OTP length is fixed at 6 by the CLI. */
const SMS_OTP_LENGTH = 6;

/**
 * Sends an SMS OTP (confirmation, phone change, reauthentication) to the mailbox. Numbers in
 * `[auth.sms.test_otp]` get nothing: their fixed code verifies.
 */
export async function sendSmsToken(
  core: AuthCore,
  sql: Sql,
  user: UserRow,
  slot: TokenSlot,
  phone: string,
): Promise<UserRow> {
  const settings = core.settings();
  assertSendAllowed(
    user[TOKEN_SLOTS[slot].sentAt] as Date | null,
    settings.sms.max_frequency,
    ErrorCode.over_sms_send_rate_limit,
  );
  const isTestNumber = settings.sms.test_otp[phone] !== undefined;
  if (!isTestNumber) core.limits.countSms();
  const issued = await issueToken(sql, user, slot, phone, SMS_OTP_LENGTH, false);
  if (!isTestNumber) await core.mailer.sendSms(phone, issued.otp);
  return issued.user;
}
