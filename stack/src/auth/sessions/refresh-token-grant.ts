import type { AuthCore } from "../core.ts";
import { badRequest, conflict, ErrorCode, userBanned, type AuthError } from "../errors.ts";
import { withHookTransaction } from "./hook-transaction.ts";
import { sessionResponseFor, type SessionJson } from "./issue-session.ts";
import type { ClientInfo } from "./session-store.ts";
import { rotateRefreshToken, type RefreshRefusal } from "./refresh-token-rotation.ts";

/**
 * `grant_type=refresh_token` with v1 rotation (auth: internal/tokens/service.go):
 * a live token is revoked and gets a child; the parent of the session's active token returns that
 * token (the client lost the response); reuse inside `refresh_token_reuse_interval` issues another
 * child; any other reuse revokes the whole family — committed even though the request fails.
 * One statement, one round trip (`withHookTransaction`: with a custom access token hook, that
 * statement and the hook share a transaction, so a failing hook undoes the rotation).
 */
export async function refreshTokenGrant(
  core: AuthCore,
  refreshToken: string,
  client: ClientInfo,
): Promise<SessionJson> {
  if (refreshToken.length < 12) throw badRequest(ErrorCode.validation_failed, "Refresh token is not valid");
  const settings = core.settings();
  try {
    const answer = await withHookTransaction(core, async (sql) => {
      const result = await rotateRefreshToken(sql, refreshToken, settings, client);
      if (!result.ok) return result; // committed: a reuse's family revocation stays
      const { subject, session, refreshToken: issued } = result.rotation;
      return { ok: true as const, json: await sessionResponseFor(core, sql, subject, session, issued) };
    });
    if (!answer.ok) throw refusalError(answer.refusal);
    return answer.json;
  } catch (error) {
    if ((error as { code?: string }).code === "55P03")
      throw conflict(ErrorCode.conflict, "Concurrent requests to refresh the same session, please try again");
    throw error;
  }
}

/** GoTrue's answer for each refusal, in its order of checks. */
function refusalError(refusal: RefreshRefusal): AuthError {
  switch (refusal) {
    case "not_found":
      return badRequest(ErrorCode.refresh_token_not_found, "Invalid Refresh Token: Refresh Token Not Found");
    case "banned":
      return userBanned(400);
    case "no_session":
      return badRequest(ErrorCode.session_not_found, "Invalid Refresh Token: No Valid Session Found");
    case "expired":
      return badRequest(ErrorCode.session_expired, "Invalid Refresh Token: Session Expired");
    case "expired_inactivity":
      return badRequest(ErrorCode.session_expired, "Invalid Refresh Token: Session Expired (Inactivity)");
    case "reused":
      return badRequest(ErrorCode.refresh_token_already_used, "Invalid Refresh Token: Already Used");
  }
}
