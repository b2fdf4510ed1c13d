import type { AuthCore } from "../core.ts";
import { applyCustomAccessTokenHook } from "../hooks/custom-access-token.ts";
import { signAccessToken } from "../tokens/access-token.ts";
import { newRefreshToken } from "../tokens/random.ts";
import { internal } from "../errors.ts";
import type { Sql } from "../users/user-queries.ts";
import { userJson } from "../users/user-json.ts";
import { factorJson } from "../users/factor-json.ts";
import type { UserRow } from "../users/user-row.ts";
import type { ClientInfo, SessionRow } from "./session-store.ts";
import { insertSignInSession } from "./session-start.ts";
import type { AuditEntry } from "../audit/audit-log.ts";
import { loadSessionSubject, type SessionSubject } from "./session-subject.ts";
import { withSsoProvider } from "../sso/amr-provider.ts";

/** The session body GoTrue returns. */
export interface SessionJson {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: ReturnType<typeof userJson> & { factors?: ReturnType<typeof factorJson>[] };
  weak_password?: { message: string; reasons: string[] };
}

/** Inserts a refresh token row for the session (v1 format). */
export async function insertRefreshToken(
  sql: Sql,
  session: Pick<SessionRow, "id" | "user_id">,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await sql.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [token, session.user_id, parent, session.id],
  );
  return token;
}

/**
 * The session's user with `factors` when it has any: GoTrue loads users eagerly, and supabase-js's
 * getAuthenticatorAssuranceLevel() reads `session.user.factors` for `nextLevel`.
 */
function sessionUserJson(subject: SessionSubject) {
  const json = userJson(subject.user, subject.identities);
  return subject.factors.length > 0 ? { ...json, factors: subject.factors.map(factorJson) } : json;
}

/** An access token for the session plus the given refresh token, as the session JSON. */
export async function sessionResponse(
  core: AuthCore,
  sql: Sql,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const subject = await loadSessionSubject(sql, user.id, session.id);
  if (!subject) throw internal("Database error loading user");
  return sessionResponseFor(core, sql, { ...subject, user }, session, refreshToken);
}

/** `sessionResponse` for a subject (user, identities, factors, amr) already loaded. */
export async function sessionResponseFor(
  core: AuthCore,
  sql: Sql,
  subject: SessionSubject,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const settings = core.settings();
  const { user } = subject;
  const amr = withSsoProvider(subject.amr, subject.identities);
  const { token, exp, iat } = await signAccessToken(core.keys, {
    user,
    sessionId: session.id,
    aal: session.aal ?? "aal1",
    amr,
    issuer: settings.issuer,
    expirySeconds: settings.jwt_expiry,
    customize: (claims) => applyCustomAccessTokenHook(settings, sql, claims, amr[0]?.method ?? "password"),
  });
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: exp - iat,
    expires_at: exp,
    refresh_token: refreshToken,
    user: sessionUserJson(subject),
  };
}

/**
 * Signs the user in: a new session with the amr method, its first refresh token, `last_sign_in_at`
 * (and the audit row when given) in one statement that also answers with the user as it now is.
 * `sql` may be the pool itself when nothing else has to share the transaction (one round trip), as
 * long as no custom access token hook runs (it needs the transaction).
 * @example const session = await startSession(core, client, user, "password", clientInfo);
 */
export async function startSession(
  core: AuthCore,
  sql: Sql,
  user: UserRow,
  method: string,
  client: ClientInfo,
  audit?: AuditEntry,
): Promise<SessionJson> {
  const started = await insertSignInSession(sql, user.id, method, client, audit);
  if (!started) throw internal("Database error loading user");
  return sessionResponseFor(core, sql, started.subject, started.session, started.refreshToken);
}
