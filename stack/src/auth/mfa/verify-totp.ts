import type { AuthCore } from "../core.ts";
import { ErrorCode, internal, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import type { SessionJson } from "../sessions/issue-session.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { Sql } from "../users/user-queries.ts";
import { CHALLENGE_EXPIRY_SECONDS, type FactorWithSecret } from "./factor-store.ts";
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

interface ChallengeRow {
  id: string;
  verified_at: Date | null;
  ip: string;
  expired: boolean;
}

/**
 * GoTrue's validateChallenge: the challenge must belong to the factor (422 `mfa_factor_not_found`),
 * be unverified and from the same IP (422 `mfa_ip_address_mismatch`), and be younger than 300 s
 * (422 `mfa_challenge_expired`, and the challenge is deleted).
 */
async function usableChallenge(core: AuthCore, factorId: string, challengeId: string, ip: string | null): Promise<ChallengeRow> {
  const { rows } = await core.pool.query<ChallengeRow>(
    `select id, verified_at, host(ip_address) as ip, created_at < now() - make_interval(secs => $3) as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factorId, CHALLENGE_EXPIRY_SECONDS],
  );
  const challenge = rows[0];
  if (!challenge) throw unprocessable(ErrorCode.mfa_factor_not_found, "MFA factor with the provided challenge ID not found");
  if (challenge.verified_at !== null || challenge.ip !== (ip ?? "0.0.0.0")) {
    throw unprocessable(ErrorCode.mfa_ip_address_mismatch, "Challenge and verify IP addresses mismatch.");
  }
  if (challenge.expired) {
    await core.pool.query("delete from auth.mfa_challenges where id = $1", [challenge.id]);
    throw unprocessable(ErrorCode.mfa_challenge_expired, `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  }
  return challenge;
}

async function markVerified(sql: Sql, factor: FactorWithSecret, challengeId: string): Promise<void> {
  await sql.query("update auth.mfa_challenges set verified_at = now() where id = $1", [challengeId]);
  if (factor.status !== "verified") {
    await sql.query("update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1", [factor.id]);
  }
}

/**
 * Checks a TOTP code against a challenge and raises the caller's session to aal2 with amr `totp`
 * (matches GoTrue's verifyTOTPFactor); the first success marks the factor verified.
 * @example const session = await verifyTotpFactor(core, { user, session, factor, challengeId, code, ip });
 */
export async function verifyTotpFactor(core: AuthCore, input: VerifyTotpInput): Promise<SessionJson> {
  const challenge = await usableChallenge(core, input.factor.id, input.challengeId, input.ip);
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
