// GET /oauth/authorize (GoTrue oauthserver authorize.go OAuthServerAuthorize): checks the client and
// its exact redirect_uri (errors as JSON, never redirected to an unchecked URI), then the rest of
// the request (errors redirected to the client), stores a pending authorization and sends the
// browser to the site's consent page with its authorization_id.
import type { AuthCore } from "../core.ts";
import { badRequest, ErrorCode, validation } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import { insertAuthorization } from "./authorization-store.ts";
import { findClient, listOf } from "./client-store.ts";
import { isRegisteredRedirectUri, withQuery } from "./redirect-uri.ts";

/** GoTrue's supported scopes and its default (`[auth.oauth_server]` has no key for them). */
const SUPPORTED_SCOPES = new Set(["openid", "email", "profile", "phone", "offline_access"]);
const DEFAULT_SCOPE = "email";
/** GoTrue's GOTRUE_OAUTH_SERVER_AUTHORIZATION_TTL default. */
export const AUTHORIZATION_TTL_SECONDS = 600;

export type AuthorizeQuery = Record<string, string | undefined>;

/** What is wrong with the parameters checked after the redirect URI, in GoTrue's words. */
function remainingProblem(query: AuthorizeQuery): string | undefined {
  const responseType = query.response_type || "code";
  if (responseType !== "code") return "only response_type=code is supported";
  const scopes = (query.scope || DEFAULT_SCOPE).split(" ").filter((scope) => scope !== "");
  if (scopes.length === 0) return "scope parameter cannot be empty";
  const unsupported = scopes.find((scope) => !SUPPORTED_SCOPES.has(scope));
  if (unsupported) return `unsupported scope: ${unsupported}`;
  const resource = query.resource ?? "";
  if (resource !== "") {
    if (!URL.canParse(resource)) return "resource must be an absolute URI";
    const url = new URL(resource);
    if (url.hash !== "") return "resource must not include a fragment component";
    if (url.search !== "") return "resource must not include a query component";
  }
  const challenge = query.code_challenge ?? "";
  const method = (query.code_challenge_method ?? "").toLowerCase();
  if (challenge === "" || method === "") return "PKCE flow requires both code_challenge and code_challenge_method";
  if (method !== "s256" && method !== "plain") return "code_challenge_method must be 'S256' or 'plain'";
  if (challenge.length < 43 || challenge.length > 128) return "code_challenge must be between 43 and 128 characters";
  return undefined;
}

/** The URL the browser is sent to (302). */
export async function startAuthorization(core: AuthCore, query: AuthorizeQuery): Promise<string> {
  const clientId = query.client_id ?? "";
  const redirectUri = query.redirect_uri ?? "";
  if (clientId === "") throw validation("client_id is required");
  if (redirectUri === "") throw validation("redirect_uri is required");
  if (!isUuid(clientId)) throw badRequest(ErrorCode.oauth_client_not_found, "invalid client_id format");
  const client = await findClient(core.pool, clientId);
  if (!client) throw badRequest(ErrorCode.oauth_client_not_found, "invalid client_id");
  if (!isRegisteredRedirectUri(listOf(client.redirect_uris), redirectUri)) throw validation("invalid redirect_uri");

  const state = query.state ?? "";
  const problem = remainingProblem(query);
  if (problem) return withQuery(redirectUri, { error: "invalid_request", error_description: problem, state });

  const authorization = await insertAuthorization(core.pool, {
    clientId: client.id,
    redirectUri,
    scope: query.scope || DEFAULT_SCOPE,
    state,
    resource: query.resource ?? "",
    codeChallenge: query.code_challenge ?? "",
    codeChallengeMethod: query.code_challenge_method ?? "",
    nonce: query.nonce ?? "",
    ttlSeconds: AUTHORIZATION_TTL_SECONDS,
  });
  const settings = core.settings();
  const path = settings.oauth_server.authorization_url_path;
  const consentPage = settings.site_url.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
  return withQuery(consentPage, { authorization_id: authorization.authorization_id });
}
