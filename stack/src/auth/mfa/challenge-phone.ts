import type { AuthCore } from "../core.ts";
import { ErrorCode, internal, validation } from "../errors.ts";
import { assertSendAllowed } from "../otp/send-frequency.ts";
import { newOtp } from "../tokens/random.ts";
import type { UserRow } from "../users/user-row.ts";
import { writeChallenge, type ChallengeJson } from "./challenge.ts";
import type { FactorWithSecret } from "./factor-store.ts";

/** GoTrue's InvalidChannelError, word for word. */
const INVALID_CHANNEL =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";

/** matches GoTrue's IsValidMessageChannel: `sms` always; `whatsapp` only with a Twilio provider. */
function assertValidChannel(channel: string, smsProvider: string): void {
  if (channel === "sms") return;
  if (channel === "whatsapp" && (smsProvider === "twilio" || smsProvider === "twilio_verify")) return;
  throw validation(INVALID_CHANNEL);
}

/**
 * A phone challenge (matches GoTrue's challengePhoneFactor): `[auth.mfa.phone] max_frequency` since
 * the factor's last challenge → 429 `over_sms_send_rate_limit`; then an `otp_length`-digit code,
 * rendered with `[auth.mfa.phone] template`, goes to the factor's number (the stack's mailbox, SMS
 * view). `[auth.sms.test_otp]` does not apply, as upstream.
 * @example const challenge = await createPhoneChallenge(core, { user, factor, ip, channel: "sms" });
 */
export async function createPhoneChallenge(
  core: AuthCore,
  input: { user: UserRow; factor: FactorWithSecret; ip: string | null; channel: string },
): Promise<ChallengeJson> {
  const settings = core.settings();
  assertValidChannel(input.channel || "sms", settings.smsProvider);
  const phone = input.factor.phone;
  if (!phone) throw internal("error sending message");
  assertSendAllowed(
    input.factor.last_challenged_at,
    settings.mfa.phone.max_frequency,
    ErrorCode.over_sms_send_rate_limit,
  );
  const otp = newOtp(settings.mfa.phone.otp_length);
  await core.mailer.sendSms(phone, otp, settings.mfa.phone.template);
  return writeChallenge(core, { user: input.user, factor: input.factor, ip: input.ip, otpCode: otp });
}
