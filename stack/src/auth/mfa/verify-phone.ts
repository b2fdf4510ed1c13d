import { timingSafeEqual } from "node:crypto";
import type { AuthCore } from "../core.ts";
import { ErrorCode, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import type { SessionJson } from "../sessions/issue-session.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { markVerified, usableChallenge } from "./challenge-check.ts";
import type { FactorWithSecret } from "./factor-store.ts";
import { raiseSessionToAal2 } from "./raise-session.ts";

export interface VerifyPhoneInput {
  user: UserRow;
  session: SessionRow;
  factor: FactorWithSecret;
  challengeId: string;
  code: string;
  ip: string | null;
}

function sameCode(expected: string | null, given: string): boolean {
  if (expected === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks the SMS code of a phone challenge and raises the caller's session to aal2 with amr
 * `mfa/phone` (matches GoTrue's verifyPhoneFactor); a wrong code → 422 `mfa_verification_failed`.
 * @example const session = await verifyPhoneFactor(core, { user, session, factor, challengeId, code, ip });
 */
export async function verifyPhoneFactor(core: AuthCore, input: VerifyPhoneInput): Promise<SessionJson> {
  const challenge = await usableChallenge(core, {
    factorId: input.factor.id,
    challengeId: input.challengeId,
    ip: input.ip,
    mismatchMessage: "Challenge and verify IP addresses mismatch",
  });
  if (!sameCode(challenge.otp_code, input.code)) {
    throw unprocessable(ErrorCode.mfa_verification_failed, "Invalid MFA Phone code entered");
  }
  return inTransaction(core.pool, async (sql) => {
    const traits = { factor_id: input.factor.id, challenge_id: challenge.id, factor_type: "phone" };
    await recordAudit(sql, { actor: input.user, action: "verification_attempted", logType: "factor", ip: input.ip, traits });
    await markVerified(sql, input.factor, challenge.id);
    return raiseSessionToAal2(core, sql, { userId: input.user.id, sessionId: input.session.id, factor: input.factor, method: "mfa/phone" });
  });
}
