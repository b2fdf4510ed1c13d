import { ErrorCode, badRequest, notFound } from "../errors.ts";
import { route, type AuthRoute } from "../http/route.ts";

/**
 * Features the offline stack keeps switched off, answered exactly as GoTrue answers them when off
 * (auth: internal/api/middleware.go, external.go, mfa.go): OAuth providers, manual linking, SAML SSO,
 * passkeys and the OAuth 2.1 server.
 */
const linkingDisabled = async () => {
  throw notFound(ErrorCode.manual_linking_disabled, "Manual linking is disabled");
};
const passkeysDisabled = async () => {
  throw notFound(ErrorCode.passkey_disabled, "Passkeys are disabled");
};
const oauthServerDisabled = async () => {
  throw notFound(ErrorCode.feature_disabled, "OAuth server is disabled");
};

export const disabledFeatureRoutes: readonly AuthRoute[] = [
  route("get", "/authorize", async (c) => {
    throw badRequest(ErrorCode.validation_failed, `Unsupported provider: provider ${c.req.query("provider") ?? ""} could not be found`);
  }),
  // No OAuth flow can have started, so every callback is GoTrue's "missing state" redirect to site_url.
  route("get", "/callback", async (c, core) => {
    const fragment = new URLSearchParams({ error: "invalid_request", error_code: "bad_oauth_callback", error_description: "OAuth state parameter missing", sb: "" });
    return c.redirect(`${core.settings().site_url}#${fragment.toString()}`, 303);
  }),
  route("get", "/user/identities/authorize", linkingDisabled),
  route("delete", "/user/identities/:id", linkingDisabled),
  route("get", "/passkeys", passkeysDisabled),
  route("post", "/passkeys/registration/options", passkeysDisabled),
  route("post", "/passkeys/authentication/options", passkeysDisabled),
  route("get", "/oauth/authorize", oauthServerDisabled),
  route("post", "/oauth/token", oauthServerDisabled),
];
