import { z } from "zod";
import { AuthError, ErrorCode, badRequest, notFound } from "../errors.ts";
import { readBody } from "../http/body.ts";
import { requireUser } from "../http/caller.ts";
import { route, type AuthRoute } from "../http/route.ts";

/**
 * Features the offline stack keeps switched off, answered exactly as GoTrue answers them when off
 * (auth: internal/api/middleware.go, external.go, mfa.go): OAuth providers, manual linking, SAML SSO,
 * passkeys, the OAuth 2.1 server and (until part 2) MFA enrolment.
 */
const samlDisabled = async () => {
  throw notFound(ErrorCode.saml_provider_disabled, "SAML 2.0 is disabled");
};
const linkingDisabled = async () => {
  throw notFound(ErrorCode.manual_linking_disabled, "Manual linking is disabled");
};
const passkeysDisabled = async () => {
  throw notFound(ErrorCode.passkey_disabled, "Passkeys are disabled");
};
const oauthServerDisabled = async () => {
  throw notFound(ErrorCode.feature_disabled, "OAuth server is disabled");
};

const MFA_OFF: Record<string, [ErrorCode, string]> = {
  totp: [ErrorCode.mfa_totp_enroll_not_enabled, "MFA enroll is disabled for TOTP"],
  phone: [ErrorCode.mfa_phone_enroll_not_enabled, "MFA enroll is disabled for Phone"],
  webauthn: [ErrorCode.mfa_webauthn_enroll_not_enabled, "MFA enroll is disabled for WebAuthn"],
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
  route("post", "/sso", samlDisabled),
  route("get", "/sso/saml/metadata", samlDisabled),
  route("post", "/sso/saml/acs", samlDisabled),
  route("get", "/passkeys", passkeysDisabled),
  route("post", "/passkeys/registration/options", passkeysDisabled),
  route("post", "/passkeys/authentication/options", passkeysDisabled),
  route("get", "/oauth/authorize", oauthServerDisabled),
  route("post", "/oauth/token", oauthServerDisabled),
  route("post", "/factors", async (c, core) => {
    await requireUser(c, core);
    const { factor_type: type } = await readBody(c, z.object({ factor_type: z.string().default("") }).loose());
    const off = MFA_OFF[type];
    if (!off) throw badRequest(ErrorCode.validation_failed, "factor_type needs to be totp, phone or webauthn");
    throw new AuthError(422, off[0], off[1]);
  }),
];
