import type { AuthCore } from "../core.ts";
import { ErrorCode, internal, unprocessable } from "../errors.ts";
import type { SessionJson } from "../sessions/issue-session.ts";
import { usableChallenge } from "./challenge-check.ts";
import { completeVerification, type VerifyFactorInput } from "./raise-session.ts";
import { checkTotpCode } from "./totp.ts";

/**
 * Checks a TOTP code against a challenge and raises the caller's session to aal2 with amr `totp`
 * (matches GoTrue's verifyTOTPFactor); the first success marks the factor verified.
 * @example const session = await verifyTotpFactor(core, { user, session, factor, challengeId, code, ip });
 */
export async function verifyTotpFactor(core: AuthCore, input: VerifyFactorInput): Promise<SessionJson> {
  await usableChallenge(core, {
    factorId: input.factor.id,
    challengeId: input.challengeId,
    ip: input.ip,
    mismatchMessage: "Challenge and verify IP addresses mismatch.",
  });
  if (!input.factor.secret) throw internal("Database error verifying MFA TOTP secret");
  if (!checkTotpCode(input.factor.secret, input.code)) {
    throw unprocessable(ErrorCode.mfa_verification_failed, "Invalid TOTP code entered");
  }
  return completeVerification(core, input);
}
