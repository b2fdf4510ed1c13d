import { safeEqual } from "../../gateway/index.ts";
import type { AuthCore } from "../core.ts";
import { ErrorCode, unprocessable } from "../errors.ts";
import type { SessionJson } from "../sessions/issue-session.ts";
import { usableChallenge } from "./challenge-check.ts";
import { completeVerification, type VerifyFactorInput } from "./raise-session.ts";

function sameCode(expected: string | null, given: string): boolean {
  return expected !== null && safeEqual(expected, given);
}

/**
 * Checks the SMS code of a phone challenge and raises the caller's session to aal2 with amr
 * `mfa/phone` (matches GoTrue's verifyPhoneFactor); a wrong code → 422 `mfa_verification_failed`.
 * @example const session = await verifyPhoneFactor(core, { user, session, factor, challengeId, code, ip });
 */
export async function verifyPhoneFactor(core: AuthCore, input: VerifyFactorInput): Promise<SessionJson> {
  const challenge = await usableChallenge(core, {
    factorId: input.factor.id,
    challengeId: input.challengeId,
    ip: input.ip,
    mismatchMessage: "Challenge and verify IP addresses mismatch",
  });
  if (!sameCode(challenge.otp_code, input.code)) {
    throw unprocessable(ErrorCode.mfa_verification_failed, "Invalid MFA Phone code entered");
  }
  return completeVerification(core, input);
}
