import type { EmulatedProvider } from "../config/index.ts";
import type { TestAccount } from "./test-accounts.ts";

/**
 * An OpenID Connect provider whose issuer and endpoint paths are not oidc-provider's defaults:
 * the issuer is `<emulator base><issuerSuffix>` (discovery under it), the endpoints sit at the
 * provider's own paths, and the id_token carries the provider's claims.
 */
export interface OidcLayout {
  issuerSuffix: string;
  routes: { authorization: string; token: string; jwks: string; userinfo: string };
  /** Scope → claims, as oidc-provider's `claims` option. */
  claims: Record<string, string[]>;
  accountClaims: (account: TestAccount) => Record<string, unknown>;
  /** The provider issues an id_token without being asked for `openid` (Apple): the emulator adds it. */
  impliedOpenid?: boolean;
}

/** The emulated Entra ID tenant (a fixed id, as a single-tenant app registration would have). */
export const AZURE_EMULATOR_TENANT = "00000000-0000-4000-8000-0000000a2e0e";

/**
 * Microsoft Entra ID (v2.0 endpoints): `/oauth2/v2.0/authorize`, `/oauth2/v2.0/token`,
 * `/discovery/v2.0/keys`; issuer `<base>/v2.0`. Its id_token has `oid`, `tid`, `ver`, `name`,
 * `preferred_username`, and with the `email` scope `email` plus `xms_edov` (domain owner verified,
 * which GoTrue reads as the email's verification).
 */
const azure: OidcLayout = {
  issuerSuffix: "/v2.0",
  routes: {
    authorization: "/oauth2/v2.0/authorize",
    token: "/oauth2/v2.0/token",
    jwks: "/discovery/v2.0/keys",
    userinfo: "/oidc/userinfo",
  },
  claims: {
    openid: ["sub", "oid", "tid", "ver"],
    email: ["email", "xms_edov"],
    profile: ["name", "preferred_username"],
  },
  accountClaims: (account) => ({
    sub: account.id,
    oid: account.id,
    tid: AZURE_EMULATOR_TENANT,
    ver: "2.0",
    email: account.email,
    xms_edov: account.emailVerified,
    ...(account.name ? { name: account.name } : {}),
    preferred_username: account.email,
  }),
};

/**
 * LinkedIn ("Sign In with LinkedIn using OpenID Connect"): issuer `<base>/oauth`,
 * `/oauth/v2/authorization`, `/oauth/v2/accessToken`, `/oauth/openid/jwks`, `/v2/userinfo`; its
 * id_token's `email_verified` is a string ("true"/"false").
 */
const linkedin: OidcLayout = {
  issuerSuffix: "/oauth",
  routes: {
    authorization: "/oauth/v2/authorization",
    token: "/oauth/v2/accessToken",
    jwks: "/oauth/openid/jwks",
    userinfo: "/v2/userinfo",
  },
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name", "given_name", "family_name", "picture"],
  },
  accountClaims: (account) => {
    const [given = "", ...family] = account.name.split(" ");
    return {
      sub: account.id,
      email: account.email,
      email_verified: String(account.emailVerified),
      ...(account.name ? { name: account.name, given_name: given, family_name: family.join(" ") } : {}),
      ...(account.avatarUrl ? { picture: account.avatarUrl } : {}),
    };
  },
};

/**
 * Sign in with Apple: `/auth/authorize` (GoTrue asks for `response_mode=form_post`, scopes
 * `email name`), `/auth/token`, `/auth/keys`; the id_token always comes, with `email` and Apple's
 * string `email_verified`. Apple's first-sign-in `user` form field (the name) is not emulated.
 */
const apple: OidcLayout = {
  issuerSuffix: "",
  routes: { authorization: "/auth/authorize", token: "/auth/token", jwks: "/auth/keys", userinfo: "/auth/userinfo" },
  claims: { openid: ["sub"], email: ["email", "email_verified", "is_private_email"] },
  accountClaims: (account) => ({
    sub: account.id,
    email: account.email,
    email_verified: String(account.emailVerified),
    is_private_email: "false",
  }),
  impliedOpenid: true,
};

export const OIDC_LAYOUTS: Partial<Record<EmulatedProvider, OidcLayout>> = { azure, linkedin_oidc: linkedin, apple };
