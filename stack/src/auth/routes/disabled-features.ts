import { ErrorCode, notFound } from "../errors.ts";
import { route, type AuthRoute } from "../http/route.ts";

/**
 * Features the offline stack keeps switched off, answered exactly as GoTrue answers them when off
 * (auth: internal/api/middleware.go, mfa.go): passkeys. OAuth providers and identity linking live in
 * ../external, SAML SSO in ../sso, the OAuth 2.1 server in ../oauth-server.
 */
const passkeysDisabled = async () => {
  throw notFound(ErrorCode.passkey_disabled, "Passkeys are disabled");
};

export const disabledFeatureRoutes: readonly AuthRoute[] = [
  route("get", "/passkeys", passkeysDisabled),
  route("post", "/passkeys/registration/options", passkeysDisabled),
  route("post", "/passkeys/authentication/options", passkeysDisabled),
];
