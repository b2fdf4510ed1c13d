import type pg from "pg";
import type { AuthCore } from "../core.ts";
import { badRequest, conflict, ErrorCode, userBanned, type AuthError } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { isBanned } from "../users/user-row.ts";
import { sessionResponseFor, type SessionJson } from "./issue-session.ts";
import type { ClientInfo, SessionRow } from "./session-store.ts";
import { sessionInvalidReason } from "./session-validity.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { loadRefreshState, lockRefreshToken, type RefreshState, type RefreshTokenRow } from "./refresh-token-state.ts";
import { writeRefresh } from "./refresh-token-rotation.ts";

/** matches GoTrue: waiting more than 5 s for a concurrent refresh of the same token is a 409 */
const BEGIN_WITH_LOCK_TIMEOUT = "begin; set local lock_timeout = '5s'";

/**
 * `grant_type=refresh_token` with v1 rotation (auth: internal/tokens/service.go):
 * a live token is revoked and gets a child; the parent of the session's active token returns that
 * token (the client lost the response); reuse inside `refresh_token_reuse_interval` issues another
 * child; any other reuse revokes the whole family — committed even though the request fails.
 * Five round trips: begin, lock, load, write, commit.
 */
export async function refreshTokenGrant(
  core: AuthCore,
  refreshToken: string,
  client: ClientInfo,
): Promise<SessionJson> {
  if (refreshToken.length < 12) throw badRequest(ErrorCode.validation_failed, "Refresh token is not valid");
  let failure: AuthError | undefined;
  const result = await inTransaction(
    core.pool,
    async (sql) => {
      const token = await lockRefreshToken(sql, refreshToken);
      if (!token) throw badRequest(ErrorCode.refresh_token_not_found, "Invalid Refresh Token: Refresh Token Not Found");
      const state = await loadRefreshState(sql, token);
      if (!state) throw badRequest(ErrorCode.refresh_token_not_found, "Invalid Refresh Token: Refresh Token Not Found");
      const session = checkRefreshable(core, state);
      const issued = await rotate(core, sql, { token, state, session, client });
      if (issued === undefined) {
        failure = badRequest(ErrorCode.refresh_token_already_used, "Invalid Refresh Token: Already Used");
        return undefined;
      }
      return sessionResponseFor(core, sql, state.subject, session, issued);
    },
    BEGIN_WITH_LOCK_TIMEOUT,
  ).catch((error: unknown) => {
    if ((error as { code?: string }).code === "55P03")
      throw conflict(ErrorCode.conflict, "Concurrent requests to refresh the same session, please try again");
    throw error;
  });
  if (failure) throw failure;
  return result as SessionJson;
}

/** The banned check, then the session's existence and validity, in GoTrue's order. */
function checkRefreshable(core: AuthCore, state: RefreshState): SessionRow {
  if (isBanned(state.subject.user)) throw userBanned(400);
  const { session } = state;
  if (!session) throw badRequest(ErrorCode.session_not_found, "Invalid Refresh Token: No Valid Session Found");
  const invalid = sessionInvalidReason(core.settings(), session, session.refreshed_at ?? session.created_at);
  if (invalid !== undefined)
    throw badRequest(ErrorCode.session_expired, `Invalid Refresh Token: Session Expired${invalid}`);
  return session;
}

interface Rotation {
  token: RefreshTokenRow;
  state: RefreshState;
  session: SessionRow;
  client: ClientInfo;
}

/** The refresh token the client gets, or undefined for a reuse that revoked the family. */
async function rotate(core: AuthCore, sql: pg.PoolClient, rotation: Rotation): Promise<string | undefined> {
  const { token, state, session, client } = rotation;
  const settings = core.settings();
  const audit = { actor: state.subject.user, action: "token_refreshed", logType: "token", ip: client.ip } as const;
  const writes = { session, client, audit };
  if (!token.revoked) return writeRefresh(sql, { ...writes, revokeId: token.id, childOf: token.token });
  if (state.active && state.active.parent === token.token) {
    await writeRefresh(sql, { ...writes, revokeId: undefined, childOf: undefined });
    return state.active.token;
  }
  const withinInterval = Date.now() <= token.updated_at.getTime() + settings.refresh_token_reuse_interval * 1000;
  if (withinInterval) return writeRefresh(sql, { ...writes, revokeId: undefined, childOf: token.token });
  if (settings.enable_refresh_token_rotation) {
    // matches GoTrue's RevokeTokenFamily: revoked without touching updated_at
    await sql.query("update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false", [
      session.id,
    ]);
    await recordAudit(sql, { actor: state.subject.user, action: "token_revoked", logType: "token", ip: client.ip });
  }
  return undefined;
}
