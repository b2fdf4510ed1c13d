import { randomUUID } from "node:crypto";
import type { AuthCore } from "../core.ts";
import { inTransaction } from "../../db/index.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { CHALLENGE_EXPIRY_SECONDS, type FactorWithSecret } from "./factor-store.ts";

/** What a WebAuthn factor's challenge remembers: the ceremony kind and the challenge handed out. */
export interface WebauthnChallengeState {
  type: "create" | "request";
  challenge: string;
}

/** GoTrue's ChallengeFactorResponse: `expires_at` in Unix seconds. */
export interface ChallengeJson {
  id: string;
  type: string;
  expires_at: number;
}

/**
 * Stores a challenge bound to the requester's IP (with the SMS code for phone factors) and sets the
 * factor's `last_challenged_at` (matches GoTrue's WriteChallengeToDatabase).
 */
export async function writeChallenge(
  core: AuthCore,
  input: {
    user: UserRow;
    factor: FactorWithSecret;
    ip: string | null;
    otpCode: string | null;
    /** WebAuthn factors: the ceremony the verify must answer. */
    webauthnState?: WebauthnChallengeState;
  },
): Promise<ChallengeJson> {
  const { user, factor, ip } = input;
  const challengeId = randomUUID();
  const createdAt = await inTransaction(core.pool, async (sql) => {
    const { rows } = await sql.query<{ created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code, web_authn_session_data)
       values ($1, $2, now(), $3, $4, $5) returning created_at`,
      [
        challengeId,
        factor.id,
        ip ?? "0.0.0.0",
        input.otpCode,
        input.webauthnState ? JSON.stringify(input.webauthnState) : null,
      ],
    );
    await sql.query("update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1", [
      factor.id,
    ]);
    await recordAudit(sql, {
      actor: user,
      action: "challenge_created",
      logType: "factor",
      ip,
      traits: { factor_id: factor.id, factor_status: factor.status },
    });
    return (rows[0] as { created_at: Date }).created_at;
  });
  return {
    id: challengeId,
    type: factor.factor_type,
    expires_at: Math.floor(createdAt.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS,
  };
}

/** A TOTP challenge: nothing is sent (matches GoTrue's challengeTOTPFactor). */
export const createTotpChallenge = (core: AuthCore, user: UserRow, factor: FactorWithSecret, ip: string | null) =>
  writeChallenge(core, { user, factor, ip, otpCode: null });
