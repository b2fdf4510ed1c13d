import type { Pool } from "pg";
import { ErrorCode, badRequest } from "../errors.ts";

export type CeremonyType = "registration" | "authentication";

/** What a ceremony remembers between its options and its verify: the challenge it handed out. */
export interface CeremonyState {
  challenge: string;
}

/**
 * Stores a passkey ceremony's state in `auth.webauthn_challenges`; answers its id and expiry.
 * Ceremonies nobody finished are swept here once expired, so unauthenticated option requests
 * cannot grow the table without bound.
 */
export async function saveCeremony(
  pool: Pool,
  input: { userId: string | null; type: CeremonyType; state: CeremonyState; expiryMs: number },
): Promise<{ id: string; expiresAt: number }> {
  await pool.query("delete from auth.webauthn_challenges where expires_at < now()");
  const { rows } = await pool.query<{ id: string; expires_at: Date }>(
    `insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning id, expires_at`,
    [input.userId, input.type, JSON.stringify(input.state), input.expiryMs / 1000],
  );
  const row = rows[0] as { id: string; expires_at: Date };
  return { id: row.id, expiresAt: Math.floor(row.expires_at.getTime() / 1000) };
}

/**
 * Spends a ceremony: it is deleted in the same statement that reads it, so a challenge verifies at
 * most once. Unknown, used, another user's or another ceremony's → 400 `webauthn_challenge_not_found`;
 * past its expiry → 400 `webauthn_challenge_expired` (GoTrue's ConsumeWebAuthnChallengeByID).
 */
export async function consumeCeremony(
  pool: Pool,
  input: { id: string; type: CeremonyType; userId: string | null },
): Promise<CeremonyState> {
  const { rows } = await pool.query<{ session_data: CeremonyState; expired: boolean }>(
    `delete from auth.webauthn_challenges
      where id = $1 and challenge_type = $2 and user_id is not distinct from $3
      returning session_data, expires_at < now() as expired`,
    [input.id, input.type, input.userId],
  );
  const row = rows[0];
  if (!row) throw badRequest(ErrorCode.webauthn_challenge_not_found, "Challenge not found or already used");
  if (row.expired) throw badRequest(ErrorCode.webauthn_challenge_expired, "Challenge has expired");
  return row.session_data;
}
