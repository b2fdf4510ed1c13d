import * as client from "openid-client";
import { inTransaction } from "../../db/index.ts";
import type { AuthCore } from "../core.ts";
import { AuthError, badRequest, ErrorCode, internal } from "../errors.ts";
import { startSession, type SessionJson } from "../sessions/issue-session.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { resolveExternalUser, type ExternalAccount, type ExternalSignIn } from "./external-account.ts";
import { acceptInvite } from "./accept-invite.ts";
import { linkIdentityToUser } from "./link-identity.ts";
import { clientConfiguration } from "./oauth-client.ts";
import { OAuthStyleError } from "./oauth-error.ts";
import { completePkceFlow, deleteFlow, loadOAuthFlow } from "./oauth-flow-state.ts";
import { resolveProvider } from "./providers.ts";
import { errorRedirect, stateErrorRedirect, tokenRedirect } from "./redirect-params.ts";
import { resolveRedirect, type CheckedRedirect } from "../redirects/redirect-url.ts";
import { fetchUserData, withAppleUser } from "./user-data.ts";

export interface CallbackParams {
  state: string;
  code: string;
  error: string;
  errorDescription: string;
  /** RFC 9207 `iss`, checked by openid-client when the provider sends it. */
  iss: string;
  /** Apple's `user` form field (the name, on the first sign-in only). */
  user: string;
}

/** Where the browser goes next, and with which status (303 for a bad state, else 302). */
export interface CallbackRedirect {
  location: string;
  status: 302 | 303;
}

/**
 * GET|POST /callback (auth: external.go internalExternalProviderCallback): state → flow, provider
 * error → redirect with `error`/`error_description`, code exchange, profile, user (link target,
 * existing identity, automatic linking or new user), then `?code=` (PKCE) or tokens in the fragment.
 */
export async function completeCallback(
  core: AuthCore,
  params: CallbackParams,
  clientInfo: ClientInfo,
): Promise<CallbackRedirect> {
  const settings = core.settings();
  let flow;
  try {
    flow = await loadOAuthFlow(core.pool, params.state);
  } catch (error) {
    if (error instanceof AuthError) return { location: stateErrorRedirect(settings.site_url, error), status: 303 };
    throw error;
  }
  // Checked again as it leaves the database: tokens are only ever appended to an allowed address.
  const referrer = resolveRedirect(settings.site_url, settings.additional_redirect_urls, flow.referrer);
  try {
    const location = await finish(core, flow, params, clientInfo, referrer);
    return { location, status: 302 };
  } catch (error) {
    if (!(error instanceof AuthError) && !(error instanceof OAuthStyleError))
      core.logger.error({ err: error }, "auth: OAuth callback failed");
    return { location: errorRedirect(referrer, error), status: 302 };
  }
}

async function finish(
  core: AuthCore,
  flow: Awaited<ReturnType<typeof loadOAuthFlow>>,
  params: CallbackParams,
  clientInfo: ClientInfo,
  referrer: CheckedRedirect,
): Promise<string> {
  if (params.error !== "") throw new OAuthStyleError(params.error, params.errorDescription);
  if (params.code === "")
    throw badRequest(ErrorCode.bad_oauth_callback, "OAuth callback with missing authorization code missing");
  const provider = resolveProvider(core, flow.provider_type);
  if (!provider)
    throw badRequest(
      ErrorCode.oauth_provider_not_supported,
      `Unsupported provider: provider ${flow.provider_type} could not be found`,
    );
  const configuration = await clientConfiguration(provider);
  const current = new URL(provider.redirectUri);
  current.search = "";
  current.searchParams.set("code", params.code);
  current.searchParams.set("state", params.state);
  if (params.iss !== "") current.searchParams.set("iss", params.iss);
  const tokens = await client
    .authorizationCodeGrant(
      configuration,
      current,
      { expectedState: params.state },
      { redirect_uri: provider.redirectUri },
    )
    .catch((error: unknown) => {
      throw new AuthError(
        500,
        ErrorCode.unexpected_failure,
        `Unable to exchange external code: ${params.code}`,
        undefined,
        error,
      );
    });
  let data = await fetchUserData(provider, configuration, tokens).catch((error: unknown) => {
    throw new AuthError(
      500,
      ErrorCode.unexpected_failure,
      "Error getting user profile from external provider",
      undefined,
      error,
    );
  });
  if (provider.name === "apple" && params.user !== "") {
    try {
      data = withAppleUser(data, params.user);
    } catch (error) {
      throw new AuthError(500, ErrorCode.unexpected_failure, "Error parsing the Apple user", undefined, error);
    }
  }
  if (data.emails.length === 0 && !provider.emailOptional)
    throw internal("Error getting user email from external provider");
  const sign: ExternalSignIn = {
    provider: provider.name,
    data,
    emailOptional: flow.email_optional,
    redirectTo: referrer,
    ip: clientInfo.ip,
  };
  const providerToken = tokens.access_token;
  const providerRefreshToken = tokens.refresh_token ?? "";

  type Outcome = { error?: AuthError; code?: string; session?: SessionJson };
  const outcome = await inTransaction(core.pool, async (sql): Promise<Outcome> => {
    const account: ExternalAccount = flow.linking_target_id
      ? await linkIdentityToUser(core, sql, flow.linking_target_id, sign)
      : flow.invite_token
        ? await acceptInvite(sql, flow.invite_token, sign)
        : await resolveExternalUser(core, sql, sign);
    if (account.deferredError) return { error: account.deferredError };
    if (flow.isPkce) {
      const locked = await loadOAuthFlow(sql, flow.id, true);
      return { code: await completePkceFlow(sql, locked.id, account.user.id, providerToken, providerRefreshToken) };
    }
    const session = await startSession(core, sql, account.user, "oauth", clientInfo);
    await deleteFlow(sql, flow.id);
    return { session };
  });
  if (outcome.error) throw outcome.error;
  if (outcome.code !== undefined) {
    const url = new URL(referrer);
    url.searchParams.set("code", outcome.code);
    return url.toString();
  }
  const s = outcome.session;
  if (!s) throw internal("No session issued");
  return tokenRedirect(referrer, {
    access_token: s.access_token,
    token_type: "bearer",
    expires_in: String(s.expires_in),
    expires_at: String(s.expires_at),
    refresh_token: s.refresh_token,
    provider_token: providerToken,
    ...(providerRefreshToken ? { provider_refresh_token: providerRefreshToken } : {}),
  });
}
