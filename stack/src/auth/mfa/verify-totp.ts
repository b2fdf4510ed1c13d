import type { AuthCore } from "../core.ts";
import { ErrorCode, internal, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import type { SessionJson } from "../sessions/issue-session.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { markVerified, usableChallenge } from "./challenge-check.ts";
import type { FactorWithSecret } from "./factor-store.ts";
import { raiseSessionToAal2 } from "./raise-session.ts";
import { checkTotpCode } from "./totp.ts";

export interface VerifyTotpInput {
  user: UserRow;
  session: SessionRow;
  factor: FactorWithSecret;
  challengeId: string;
  code: string;
  ip: string | null;
}

/**
 * Checks a TOTP code against a challenge and raises the caller's session to aal2 with amr `totp`
 * (matches GoTrue's verifyTOTPFactor); the first success marks the factor verified.
 * @example const session = await verifyTotpFactor(core, { user, session, factor, challengeId, code, ip });
 */
export async function verifyTotpFactor(core: AuthCore, input: VerifyTotpInput): Promise<SessionJson> {
  const challenge = await usableChallenge(core, {
    factorId: input.factor.id,
    challengeId: input.challengeId,
    ip: input.ip,
    mismatchMessage: "Challenge and verify IP addresses mismatch.",
  });
  if (!input.factor.secret) throw internal("Database error verifying MFA TOTP secret");
  if (!checkTotpCode(input.factor.secret, input.code)) {
    throw unprocessable(ErrorCode.mfa_verification_failed, "Invalid TOTP code entered");
  }
  return inTransaction(core.pool, async (sql) => {
    const traits = { factor_id: input.factor.id, challenge_id: challenge.id, factor_type: "totp" };
    await recordAudit(sql, { actor: input.user, action: "verification_attempted", logType: "factor", ip: input.ip, traits });
    await markVerified(sql, input.factor, challenge.id);
    return raiseSessionToAal2(core, sql, { userId: input.user.id, sessionId: input.session.id, factor: input.factor, method: "totp" });
  });
}
