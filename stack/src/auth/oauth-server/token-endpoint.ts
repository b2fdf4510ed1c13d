// POST /oauth/token (GoTrue oauthserver handlers.go OAuthToken): authorization_code with the PKCE
// code_verifier, and refresh_token, for an authenticated client. Errors are OAuth's
// `{error, error_description}` (400).
import { createHash } from "node:crypto";
import { inTransaction } from "../../db/index.ts";
import type { AuthCore } from "../core.ts";
import { OAuthStyleError } from "../external/oauth-error.ts";
import { safeEqual } from "../../gateway/index.ts";
import { insertRefreshToken, sessionResponse } from "../sessions/issue-session.ts";
import { insertSession, type ClientInfo } from "../sessions/session-store.ts";
import { refreshTokenGrant } from "../sessions/refresh-token-grant.ts";
import { findUserById } from "../users/user-queries.ts";
import { isBanned } from "../users/user-row.ts";
import type { Sql } from "../users/user-queries.ts";
import {
  deleteAuthorization,
  isExpired,
  lockAuthorizationByCode,
  type AuthorizationRow,
} from "./authorization-store.ts";
import { authenticateClient, readCredentials } from "./client-credentials.ts";
import { listOf, type OAuthClientRow } from "./client-store.ts";

/** The amr method of sessions issued to OAuth clients (GoTrue's OAuthProviderAuthorizationCode). */
const OAUTH_AMR_METHOD = "oauth_provider/authorization_code";

const invalidGrant = (description: string) => new OAuthStyleError("invalid_grant", description);

/** GoTrue's security.VerifyPKCEChallenge, compared in constant time. */
function pkceProblem(authorization: AuthorizationRow, verifier: string): string | undefined {
  if (!authorization.code_challenge) return undefined;
  if (verifier === "") return "code_verifier is required when PKCE challenge is present";
  const expected =
    authorization.code_challenge_method === "plain"
      ? verifier
      : createHash("sha256").update(verifier).digest("base64url");
  return safeEqual(expected, authorization.code_challenge)
    ? undefined
    : "code challenge does not match previously saved code verifier";
}

function tokenJson(session: { access_token: string; token_type: string; expires_in: number; refresh_token: string }) {
  const { access_token, token_type, expires_in, refresh_token } = session;
  return { access_token, token_type, expires_in, refresh_token };
}

async function exchangeCode(
  core: AuthCore,
  sql: Sql,
  client: OAuthClientRow,
  params: Record<string, string>,
  info: ClientInfo,
) {
  const code = params.code ?? "";
  if (code === "") throw new OAuthStyleError("invalid_request", "code is required for authorization_code grant");
  const authorization = await lockAuthorizationByCode(sql, code);
  if (!authorization) throw invalidGrant("Invalid authorization code");
  if (isExpired(authorization)) throw invalidGrant("Authorization code has expired");
  if (authorization.client_id !== client.id) throw invalidGrant("Authorization code was not issued for this client");
  if (params.resource && params.resource !== (authorization.resource ?? ""))
    throw invalidGrant("Authorization code resource does not match the resource parameter");
  if (params.redirect_uri && params.redirect_uri !== authorization.redirect_uri)
    throw invalidGrant("Invalid redirect_uri");
  const pkce = pkceProblem(authorization, params.code_verifier ?? "");
  if (pkce) throw invalidGrant(`PKCE verification failed: ${pkce}`);
  const user = authorization.user_id ? await findUserById(sql, authorization.user_id) : undefined;
  if (!user) throw invalidGrant("User not found for authorization code");
  if (isBanned(user)) throw new OAuthStyleError("access_denied", "User is banned");

  const session = await insertSession(sql, user.id, OAUTH_AMR_METHOD, info);
  await sql.query("update auth.sessions set oauth_client_id = $2, scopes = $3 where id = $1", [
    session.id,
    client.id,
    authorization.scope,
  ]);
  const refreshToken = await insertRefreshToken(sql, session, null);
  await sql.query("update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1", [user.id]);
  await deleteAuthorization(sql, authorization.id);
  return tokenJson(await sessionResponse(core, sql, user, session, refreshToken));
}

/** A refresh token of a session this client was issued; another client's is not found. */
async function refreshForClient(core: AuthCore, client: OAuthClientRow, refreshToken: string, info: ClientInfo) {
  if (refreshToken === "")
    throw new OAuthStyleError("invalid_request", "refresh_token is required for refresh_token grant");
  const { rows } = await core.pool.query<{ oauth_client_id: string | null }>(
    `select s.oauth_client_id from auth.refresh_tokens r join auth.sessions s on s.id = r.session_id where r.token = $1`,
    [refreshToken],
  );
  if (rows[0] && rows[0].oauth_client_id !== client.id)
    throw new OAuthStyleError("invalid_grant", "Invalid Refresh Token: Refresh Token Not Found");
  return tokenJson(await refreshTokenGrant(core, refreshToken, info));
}

/** Handles one token request; `params` is the JSON or form body. */
export async function oauthToken(
  core: AuthCore,
  authorization: string | undefined,
  params: Record<string, string>,
  info: ClientInfo,
): Promise<Record<string, unknown>> {
  const grantType = params.grant_type ?? "";
  const client = await authenticateClient(core.pool, readCredentials(authorization, params));
  if (grantType === "") throw new OAuthStyleError("invalid_request", "grant_type is required");
  if (!listOf(client.grant_types).includes(grantType))
    throw new OAuthStyleError("unsupported_grant_type", `Client is not allowed to use grant type: ${grantType}`);
  if (grantType === "refresh_token") return refreshForClient(core, client, params.refresh_token ?? "", info);
  if (grantType !== "authorization_code")
    throw new OAuthStyleError("unsupported_grant_type", `Unsupported grant type: ${grantType}`);
  return inTransaction(core.pool, (sql) => exchangeCode(core, sql, client, params, info));
}
