import type { AuthCore } from "../core.ts";
import { internal } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { insertRefreshToken, sessionResponse, type SessionJson } from "../sessions/issue-session.ts";
import { addAmrClaim, findSession, type SessionRow } from "../sessions/session-store.ts";
import { findUserById, type Sql } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { markVerified } from "./challenge-check.ts";
import type { FactorWithSecret } from "./factor-store.ts";

/** What POST /factors/{id}/verify hands to the TOTP and the phone verify. */
export interface VerifyFactorInput {
  user: UserRow;
  session: SessionRow;
  factor: FactorWithSecret;
  challengeId: string;
  code: string;
  ip: string | null;
}

const AMR_METHOD: Record<string, string> = { totp: "totp", phone: "mfa/phone", webauthn: "mfa/webauthn" };

/** The amr method a verified factor adds to its session, and unenrolling it removes (GoTrue's AuthenticationMethod). */
export const amrMethodOf = (factorType: string): string => AMR_METHOD[factorType] ?? factorType;

/**
 * The session's refresh token is swapped (v1: the active token is revoked and gets a child), so the
 * client's new refresh token belongs to the aal2 session (matches GoTrue's updateMFASessionAndClaims).
 */
async function advanceRefreshToken(sql: Sql, session: { id: string; user_id: string }): Promise<string> {
  const { rows } = await sql.query<{ id: string; token: string }>(
    "select id, token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1",
    [session.id],
  );
  const active = rows[0];
  if (active)
    await sql.query("update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1", [active.id]);
  return insertRefreshToken(sql, session, active?.token ?? null);
}

/**
 * After a successful MFA verify: amr gains the method, the session becomes aal2 with the factor,
 * every other aal1 session of the user ends, and unverified factors of the same type go
 * (matches GoTrue's verify effects). Answers the session JSON with the same session_id.
 */
export async function raiseSessionToAal2(
  core: AuthCore,
  sql: Sql,
  input: { userId: string; sessionId: string; factor: FactorWithSecret },
): Promise<SessionJson> {
  await addAmrClaim(sql, input.sessionId, amrMethodOf(input.factor.factor_type));
  await sql.query("update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1", [
    input.sessionId,
    input.factor.id,
  ]);
  await sql.query("delete from auth.sessions where user_id = $1 and (aal is null or aal < 'aal2')", [input.userId]);
  await sql.query("delete from auth.mfa_factors where user_id = $1 and factor_type = $2 and status = 'unverified'", [
    input.userId,
    input.factor.factor_type,
  ]);
  const session = await findSession(sql, input.sessionId);
  const user = await findUserById(sql, input.userId);
  if (!session || !user) throw internal("Database error updating the session");
  const refreshToken = await advanceRefreshToken(sql, session);
  return sessionResponse(core, sql, user, session, refreshToken);
}

/**
 * The common end of a verify whose code was right, in one transaction: the attempt is audited,
 * the challenge spent (and the factor verified), and the session raised to aal2 with the factor's amr method.
 */
export function completeVerification(core: AuthCore, input: VerifyFactorInput): Promise<SessionJson> {
  return inTransaction(core.pool, async (sql) => {
    const traits = {
      factor_id: input.factor.id,
      challenge_id: input.challengeId,
      factor_type: input.factor.factor_type,
    };
    await recordAudit(sql, {
      actor: input.user,
      action: "verification_attempted",
      logType: "factor",
      ip: input.ip,
      traits,
    });
    await markVerified(sql, input.factor, input.challengeId);
    return raiseSessionToAal2(core, sql, { userId: input.user.id, sessionId: input.session.id, factor: input.factor });
  });
}
