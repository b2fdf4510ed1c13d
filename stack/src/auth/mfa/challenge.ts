import { randomUUID } from "node:crypto";
import type { AuthCore } from "../core.ts";
import { inTransaction } from "../../db/index.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { CHALLENGE_EXPIRY_SECONDS, type FactorWithSecret } from "./factor-store.ts";

/** GoTrue's ChallengeFactorResponse: `expires_at` in Unix seconds. */
export interface ChallengeJson {
  id: string;
  type: string;
  expires_at: number;
}

/**
 * A TOTP challenge bound to the requester's IP; sets the factor's `last_challenged_at`
 * (matches GoTrue's challengeTOTPFactor and WriteChallengeToDatabase).
 */
export async function createTotpChallenge(core: AuthCore, user: UserRow, factor: FactorWithSecret, ip: string | null): Promise<ChallengeJson> {
  const challengeId = randomUUID();
  const createdAt = await inTransaction(core.pool, async (sql) => {
    const { rows } = await sql.query<{ created_at: Date }>(
      "insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning created_at",
      [challengeId, factor.id, ip ?? "0.0.0.0"],
    );
    await sql.query("update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1", [factor.id]);
    await recordAudit(sql, { actor: user, action: "challenge_created", logType: "factor", ip, traits: { factor_id: factor.id, factor_status: factor.status } });
    return (rows[0] as { created_at: Date }).created_at;
  });
  return { id: challengeId, type: factor.factor_type, expires_at: Math.floor(createdAt.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS };
}
