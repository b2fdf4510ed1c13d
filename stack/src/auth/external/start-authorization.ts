import * as client from "openid-client";
import type { AuthCore } from "../core.ts";
import { ErrorCode, internal, notFound, validation } from "../errors.ts";
import { parsePkce } from "../pkce/flow-state.ts";
import type { CheckedRedirect } from "../redirects/redirect-url.ts";
import { clientConfiguration } from "./oauth-client.ts";
import { createOAuthFlow } from "./oauth-flow-state.ts";
import { resolveProvider } from "./providers.ts";

/** Query keys the auth server controls; the rest (except `provider`, `scopes`) go to the provider. */
const RESERVED = new Set([
  "client_id",
  "client_secret",
  "redirect_uri",
  "response_type",
  "state",
  "code_challenge",
  "code_challenge_method",
  "code_verifier",
  "provider",
  "scopes",
  "redirect_to",
  "invite_token",
  "skip_http_redirect",
  "apikey",
  // Not matched: GoTrue forwards `nonce`, but openid-client then insists on checking it and the flow
  // state has no column to remember it; the id_token grant is where nonces are checked.
  "nonce",
]);

export interface AuthorizationRequest {
  query: URLSearchParams;
  /** The validated redirect (else site_url), stored as the flow's referrer. */
  referrer: CheckedRedirect;
  /** Manual linking: the signed-in user the identity will be attached to. */
  linkingTargetId?: string;
}

/**
 * GoTrue's GetExternalProviderRedirectURL (auth: external.go): checks the provider and PKCE
 * params, creates the flow state (its id is the `state`) and returns the provider's authorize URL
 * with `redirect_uri = <auth external URL>/callback`, the default plus requested scopes, and the
 * caller's other parameters.
 */
export async function startAuthorization(core: AuthCore, request: AuthorizationRequest): Promise<string> {
  const name = request.query.get("provider") ?? "";
  const provider = resolveProvider(core, name);
  if (!provider) throw validation(`Unsupported provider: provider ${name} could not be found`);
  const pkce = parsePkce(
    request.query.get("code_challenge") ?? undefined,
    request.query.get("code_challenge_method") ?? undefined,
  );
  const inviteToken = request.query.get("invite_token") ?? "";
  if (inviteToken !== "") {
    const { rows } = await core.pool.query("select 1 from auth.users where confirmation_token = $1", [inviteToken]);
    if (rows.length === 0) throw notFound(ErrorCode.user_not_found, "User identified by token not found");
  }
  const configuration = await clientConfiguration(provider).catch((error: unknown) => {
    throw Object.assign(internal(`Error reaching the ${name} provider`), { cause: error });
  });
  const state = await createOAuthFlow(core.pool, {
    provider: name,
    pkce,
    referrer: request.referrer,
    linkingTargetId: request.linkingTargetId,
    inviteToken: inviteToken || undefined,
    emailOptional: provider.emailOptional,
  });
  const extraScopes = (request.query.get("scopes") ?? "").split(/\s+/).filter(Boolean);
  const params: Record<string, string> = {};
  for (const [key, value] of request.query) if (!RESERVED.has(key.toLowerCase())) params[key] = value;
  const scope = [...new Set([...provider.scopes, ...extraScopes])].join(" ");
  return client.buildAuthorizationUrl(configuration, {
    ...params,
    response_type: "code",
    redirect_uri: provider.redirectUri,
    // Omitted when empty, as GoTrue's oauth2 library does (Notion and Zoom have no default scopes).
    ...(scope ? { scope } : {}),
    ...(provider.kind === "oidc" ? provider.authorizeParams : {}),
    state,
  }).href;
}
