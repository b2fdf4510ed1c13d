import { ErrorCode, notFound } from "../errors.ts";
import { route, type AuthRoute } from "../http/route.ts";

/**
 * Features the offline stack keeps switched off, answered exactly as GoTrue answers them when off
 * (auth: internal/api/middleware.go): the OAuth 2.1 server. OAuth providers and identity linking
 * live in ../external, SAML SSO in ../sso, passkeys in ../webauthn.
 */
const oauthServerDisabled = async () => {
  throw notFound(ErrorCode.feature_disabled, "OAuth server is disabled");
};

export const disabledFeatureRoutes: readonly AuthRoute[] = [
  route("get", "/oauth/authorize", oauthServerDisabled),
  route("post", "/oauth/token", oauthServerDisabled),
];
