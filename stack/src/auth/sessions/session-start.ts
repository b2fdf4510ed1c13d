import { randomUUID } from "node:crypto";
import { auditRow, type AuditEntry } from "../audit/audit-log.ts";
import { newRefreshToken } from "../tokens/random.ts";
import type { Sql } from "../users/user-queries.ts";
import { SESSION_COLUMNS, type ClientInfo, type SessionRow } from "./session-store.ts";

/**
 * The writes of a sign-in in one statement (one round trip): a new aal1 session with its first amr
 * claim (auth: models.NewSession, AddClaimToSession), its first refresh token, `last_sign_in_at` on
 * the user and their identities, and the audit row when one is given.
 * @example const { session, refreshToken } = await insertSignInSession(client, user.id, "otp", clientInfo);
 */
export async function insertSignInSession(
  sql: Sql,
  userId: string,
  method: string,
  client: ClientInfo,
  audit?: AuditEntry,
): Promise<{ session: SessionRow; refreshToken: string }> {
  const refreshToken = newRefreshToken();
  const auditValues = audit ? auditRow(audit) : undefined;
  const { rows } = await sql.query<SessionRow>({
    name: "auth-sign-in-session",
    text: `with new_session as (
       insert into auth.sessions (id, user_id, aal, user_agent, ip, created_at, updated_at)
       values ($1, $2, 'aal1', $3, $4, now(), now()) returning *
     ), amr as (
       insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
       select $5, id, $6, now(), now() from new_session
     ), first_token as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', $7, $2::text, false, null, id, now(), now() from new_session
     ), signed_in as (
       update auth.users set last_sign_in_at = now(), updated_at = now() where id = $2
     ), identities as (
       update auth.identities set last_sign_in_at = now() where user_id = $2
     ), audit as (
       insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
       select '00000000-0000-0000-0000-000000000000', $8::uuid, $9::json, now(), $10 where $8::uuid is not null
     )
     select ${SESSION_COLUMNS} from new_session`,
    values: [
      randomUUID(),
      userId,
      client.userAgent,
      client.ip,
      randomUUID(),
      method,
      refreshToken,
      auditValues?.id ?? null,
      auditValues?.payload ?? null,
      auditValues?.ipAddress ?? null,
    ],
  });
  return { session: rows[0] as SessionRow, refreshToken };
}
