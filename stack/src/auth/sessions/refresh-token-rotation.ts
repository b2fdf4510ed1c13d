import pg from "pg";
import { sendOnPool } from "../../db/index.ts";
import type { AuthSettings } from "../config/settings.ts";
import { newRefreshToken } from "../tokens/random.ts";
import type { Sql } from "../users/user-queries.ts";
import { userRowFromJson } from "../users/user-row.ts";
import { sessionRowFromJson, type ClientInfo, type SessionRow } from "./session-store.ts";
import { sessionSubjectFromParts, type SessionSubject, type SessionSubjectParts } from "./session-subject.ts";

/** Why a refresh token did not rotate, in GoTrue's order of checks. */
export type RefreshRefusal = "not_found" | "banned" | "no_session" | "expired" | "expired_inactivity" | "reused";

/** A rotation that happened: the token the client gets, its session (as before the refresh) and user. */
export interface RefreshRotation {
  refreshToken: string;
  session: SessionRow;
  subject: SessionSubject;
}

export type RefreshResult = { ok: true; rotation: RefreshRotation } | { ok: false; refusal: RefreshRefusal };

type RotationRow = SessionSubjectParts & {
  outcome: RefreshRefusal | "ok";
  refresh_token: string | null;
  refresh_session: Record<keyof SessionRow, string | null> | null;
  refresh_user: Record<string, unknown> | null;
};

const REFRESH_TEXT = "select * from parley_stack.auth_refresh_token_grant($1, $2, $3, $4, $5, $6, $7, $8)";
/**
 * Named: PostgreSQL parses and plans the call once per connection, then only binds and runs it.
 * Two names, because pg's own `query` and the exchange each remember what they prepared: a name
 * one of them prepared is unknown to the other, which would parse it again (pg: an error).
 */
const EXCHANGE_NAME = "parley_auth_refresh_token_grant";
const QUERY_NAME = "auth-refresh-token-grant";

/**
 * Rotates a refresh token in one statement (`parley_stack.auth_refresh_token_grant`, see
 * `sql/0005-refresh-token-grant.sql`, `sql/0006-refresh-token-grant-as-gotrue-writes.sql` and
 * `sql/0007-refresh-token-grant-answer-as-json.sql` for the decisions): locks, checks, writes and
 * the audit rows, then the user with identities, factors and amr (as `json`, which pg parses as it
 * parses `jsonb`). Given the pool, it is one exchange that commits by itself, family revocation
 * included (`sendOnPool`: Bind and Execute only, one socket write); given a transaction's client
 * (the custom access token hook's), it is a statement of that transaction.
 * @example const result = await rotateRefreshToken(core.pool, token, core.settings(), clientInfo);
 */
export async function rotateRefreshToken(
  sql: Sql,
  presented: string,
  settings: AuthSettings,
  client: ClientInfo,
): Promise<RefreshResult> {
  const values = [
    presented,
    newRefreshToken(),
    settings.refresh_token_reuse_interval,
    settings.enable_refresh_token_rotation,
    settings.sessions.timebox,
    settings.sessions.inactivity_timeout,
    client.userAgent,
    client.ip,
  ];
  const result =
    sql instanceof pg.Pool
      ? (await sendOnPool(sql, [{ name: EXCHANGE_NAME, text: REFRESH_TEXT, values }]))[0]
      : await sql.query({ name: QUERY_NAME, text: REFRESH_TEXT, values });
  const row = result?.rows[0] as RotationRow | undefined;
  if (!row) throw new Error("auth_refresh_token_grant returned no row");
  if (row.outcome !== "ok") return { ok: false, refusal: row.outcome };
  if (row.refresh_token === null || row.refresh_session === null || row.refresh_user === null)
    throw new Error("auth_refresh_token_grant returned an incomplete rotation");
  const subject = sessionSubjectFromParts(userRowFromJson(row.refresh_user), row);
  return {
    ok: true,
    rotation: { refreshToken: row.refresh_token, session: sessionRowFromJson(row.refresh_session), subject },
  };
}
