import { randomUUID } from "node:crypto";
import { auditRow, type AuditEntry } from "../audit/audit-log.ts";
import { newRefreshToken } from "../tokens/random.ts";
import type { Sql } from "../users/user-queries.ts";
import { SESSION_COLUMNS, sessionRowFromJson, type ClientInfo, type SessionRow } from "./session-store.ts";
import { sessionSubjectFromRow, type SessionSubject, type SessionSubjectRow } from "./session-subject.ts";

/** A new session, its first refresh token and its user as the sign-in left them. */
export interface SignInSession {
  session: SessionRow;
  refreshToken: string;
  subject: SessionSubject;
}

/**
 * The writes of a sign-in in one statement (one round trip): a new aal1 session with its first amr
 * claim (auth: models.NewSession, AddClaimToSession), its first refresh token, `last_sign_in_at` on
 * the user and their identities, and the audit row when one is given; it answers with the user,
 * identities and amr as written (RETURNING) and the user's factors, so nothing is read again.
 * One statement is atomic on its own: outside a transaction it commits by itself.
 * Undefined when the user is gone.
 * @example const started = await insertSignInSession(client, user.id, "otp", clientInfo);
 */
export async function insertSignInSession(
  sql: Sql,
  userId: string,
  method: string,
  client: ClientInfo,
  audit?: AuditEntry,
): Promise<SignInSession | undefined> {
  const refreshToken = newRefreshToken();
  const auditValues = audit ? auditRow(audit) : undefined;
  const { rows } = await sql.query<SessionSubjectRow & { subject_session: Record<keyof SessionRow, string | null> }>({
    name: "auth-sign-in-session",
    text: `with new_session as (
       insert into auth.sessions (id, user_id, aal, user_agent, ip, created_at, updated_at)
       values ($1, $2, 'aal1', $3, $4, now(), now()) returning *
     ), amr as (
       insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
       select $5, id, $6, now(), now() from new_session
       returning authentication_method, updated_at
     ), first_token as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', $7, $2::text, false, null, id, now(), now() from new_session
     ), signed_in as (
       update auth.users set last_sign_in_at = now(), updated_at = now() where id = $2 returning *
     ), identities as (
       update auth.identities set last_sign_in_at = now() where user_id = $2 returning *
     ), audit as (
       insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
       select '00000000-0000-0000-0000-000000000000', $8::uuid, $9::json, now(), $10 where $8::uuid is not null
     )
     select u.*,
       (select to_jsonb(s) from (select ${SESSION_COLUMNS} from new_session) s) as subject_session,
       coalesce((select jsonb_agg(i order by i.created_at, i.id) from identities i), '[]') as subject_identities,
       coalesce((select jsonb_agg(f order by f.created_at) from (
           select id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone, last_challenged_at
           from auth.mfa_factors where user_id = $2) f), '[]') as subject_factors,
       coalesce((select jsonb_agg(jsonb_build_object('method', a.authentication_method,
           'timestamp', floor(extract(epoch from a.updated_at)))) from amr a), '[]') as subject_amr
     from signed_in u`,
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
  const row = rows[0];
  if (!row) return undefined;
  const { subject_session: session, ...subject } = row;
  return { session: sessionRowFromJson(session), refreshToken, subject: sessionSubjectFromRow(subject) };
}
