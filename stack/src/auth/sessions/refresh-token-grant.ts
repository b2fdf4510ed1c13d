import type pg from "pg";
import type { AuthCore } from "../core.ts";
import { badRequest, conflict, ErrorCode, userBanned, type AuthError } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { findUserById } from "../users/user-queries.ts";
import { isBanned } from "../users/user-row.ts";
import { insertRefreshToken, sessionResponse, type SessionJson } from "./issue-session.ts";
import { findSession, type ClientInfo } from "./session-store.ts";
import { sessionInvalidReason } from "./session-validity.ts";
import { recordAudit } from "../audit/audit-log.ts";

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  updated_at: Date;
}

/**
 * `grant_type=refresh_token` with v1 rotation (auth: internal/tokens/service.go):
 * a live token is revoked and gets a child; the parent of the session's active token returns that
 * token (the client lost the response); reuse inside `refresh_token_reuse_interval` issues another
 * child; any other reuse revokes the whole family — committed even though the request fails.
 */
export async function refreshTokenGrant(
  core: AuthCore,
  refreshToken: string,
  client: ClientInfo,
): Promise<SessionJson> {
  if (refreshToken.length < 12) throw badRequest(ErrorCode.validation_failed, "Refresh token is not valid");
  let failure: AuthError | undefined;
  const result = await inTransaction(core.pool, async (sql) => {
    // matches GoTrue: waiting more than 5 s for a concurrent refresh of the same token is a 409
    await sql.query("set local lock_timeout = '5s'");
    const token = (
      await sql.query<RefreshTokenRow>("select * from auth.refresh_tokens where token = $1 for update", [refreshToken])
    ).rows[0];
    if (!token) throw badRequest(ErrorCode.refresh_token_not_found, "Invalid Refresh Token: Refresh Token Not Found");
    const user = await findUserById(sql, token.user_id);
    if (!user) throw badRequest(ErrorCode.refresh_token_not_found, "Invalid Refresh Token: Refresh Token Not Found");
    if (isBanned(user)) throw userBanned(400);
    const session = token.session_id ? await findSession(sql, token.session_id, true) : undefined;
    if (!session) throw badRequest(ErrorCode.session_not_found, "Invalid Refresh Token: No Valid Session Found");
    const settings = core.settings();
    const invalid = sessionInvalidReason(settings, session, session.refreshed_at ?? session.created_at);
    if (invalid !== undefined)
      throw badRequest(ErrorCode.session_expired, `Invalid Refresh Token: Session Expired${invalid}`);

    let issued: string;
    if (!token.revoked) {
      await sql.query("update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1", [token.id]);
      issued = await insertRefreshToken(sql, session, token.token);
    } else {
      const active = await activeToken(sql, session.id);
      const withinInterval = Date.now() <= token.updated_at.getTime() + settings.refresh_token_reuse_interval * 1000;
      if (active && active.parent === token.token) {
        issued = active.token;
      } else if (withinInterval) {
        issued = await insertRefreshToken(sql, session, token.token);
      } else {
        if (settings.enable_refresh_token_rotation) {
          // matches GoTrue's RevokeTokenFamily: revoked without touching updated_at
          await sql.query("update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false", [
            session.id,
          ]);
          await recordAudit(sql, { actor: user, action: "token_revoked", logType: "token", ip: client.ip });
        }
        failure = badRequest(ErrorCode.refresh_token_already_used, "Invalid Refresh Token: Already Used");
        return undefined;
      }
    }
    await sql.query(
      "update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = $2, ip = $3 where id = $1",
      [session.id, client.userAgent, client.ip],
    );
    await recordAudit(sql, { actor: user, action: "token_refreshed", logType: "token", ip: client.ip });
    return sessionResponse(core, sql, user, session, issued);
  }).catch((error: unknown) => {
    if ((error as { code?: string }).code === "55P03")
      throw conflict(ErrorCode.conflict, "Concurrent requests to refresh the same session, please try again");
    throw error;
  });
  if (failure) throw failure;
  return result as SessionJson;
}

async function activeToken(sql: pg.PoolClient, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await sql.query<RefreshTokenRow>(
    "select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1",
    [sessionId],
  );
  return rows[0];
}
