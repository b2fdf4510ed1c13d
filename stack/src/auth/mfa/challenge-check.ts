import type { AuthCore } from "../core.ts";
import { ErrorCode, unprocessable } from "../errors.ts";
import type { Sql } from "../users/user-queries.ts";
import type { WebauthnChallengeState } from "./challenge.ts";
import { CHALLENGE_EXPIRY_SECONDS, type FactorWithSecret } from "./factor-store.ts";

export interface ChallengeRow {
  id: string;
  verified_at: Date | null;
  ip: string;
  expired: boolean;
  otp_code: string | null;
  web_authn_session_data: WebauthnChallengeState | null;
}

/**
 * GoTrue's validateChallenge: the challenge must belong to the factor (422 `mfa_factor_not_found`),
 * be unverified and from the same IP (422 `mfa_ip_address_mismatch`), and be younger than 300 s
 * (422 `mfa_challenge_expired`, and the challenge is deleted). GoTrue's mismatch message ends with
 * a period for TOTP and without one for phone, hence `mismatchMessage`.
 */
export async function usableChallenge(
  core: AuthCore,
  input: { factorId: string; challengeId: string; ip: string | null; mismatchMessage: string },
): Promise<ChallengeRow> {
  const { rows } = await core.pool.query<ChallengeRow>(
    `select id, verified_at, host(ip_address) as ip, otp_code, web_authn_session_data, created_at < now() - make_interval(secs => $3) as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [input.challengeId, input.factorId, CHALLENGE_EXPIRY_SECONDS],
  );
  const challenge = rows[0];
  if (!challenge)
    throw unprocessable(ErrorCode.mfa_factor_not_found, "MFA factor with the provided challenge ID not found");
  if (challenge.verified_at !== null || challenge.ip !== (input.ip ?? "0.0.0.0")) {
    throw unprocessable(ErrorCode.mfa_ip_address_mismatch, input.mismatchMessage);
  }
  if (challenge.expired) {
    await core.pool.query("delete from auth.mfa_challenges where id = $1", [challenge.id]);
    throw unprocessable(
      ErrorCode.mfa_challenge_expired,
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return challenge;
}

/** The challenge is spent and the factor verified (its first successful verify). */
export async function markVerified(sql: Sql, factor: FactorWithSecret, challengeId: string): Promise<void> {
  await sql.query("update auth.mfa_challenges set verified_at = now() where id = $1", [challengeId]);
  if (factor.status !== "verified") {
    await sql.query("update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1", [factor.id]);
  }
}
