import * as client from "openid-client";
import type { ExternalProvider } from "./providers.ts";
import { REST_PROVIDERS, type RestProviderName } from "./rest-providers.ts";

export interface ProviderEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

/** GoTrue's provider.UserProvidedData: emails plus the profile claims (auth: internal/api/provider/provider.go). */
export interface ProviderUserData {
  emails: ProviderEmail[];
  /** GoTrue's Claims struct as a map, `sub` always set. */
  claims: Record<string, unknown> & { sub: string };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const verifiedFlag = (value: unknown) => value === true || value === "true";

/**
 * Google-shaped OpenID claims → user data (auth: provider/oidc.go parseGoogleIDToken, keycloak.go):
 * name and picture, plus the deprecated `avatar_url`, `full_name`, `provider_id`.
 */
export function oidcUserData(claims: Record<string, unknown>): ProviderUserData {
  const sub = text(claims.sub);
  const email = text(claims.email);
  return {
    emails: email ? [{ email, verified: verifiedFlag(claims.email_verified), primary: true }] : [],
    claims: {
      iss: text(claims.iss),
      sub,
      name: text(claims.name),
      picture: text(claims.picture),
      avatar_url: text(claims.picture),
      full_name: text(claims.name),
      provider_id: sub,
      ...(typeof claims.hd === "string" ? { custom_claims: { hd: claims.hd } } : {}),
    },
  };
}

/** Claims GoTrue leaves out of Entra ID's `custom_claims` (auth: provider/oidc.go parseAzureIDToken). */
const AZURE_NOT_CUSTOM = new Set([
  "aud",
  "iss",
  "iat",
  "nbf",
  "exp",
  "c_hash",
  "at_hash",
  "aio",
  "nonce",
  "rh",
  "uti",
  "jti",
  "ver",
  "sub",
  "name",
  "preferred_username",
]);

/**
 * Entra ID's id_token → user data: `full_name` from `name` (no `name` claim), `preferred_username`,
 * every other claim in `custom_claims`; the email is verified when present and `xms_edov` (if sent) is true.
 */
export function azureUserData(claims: Record<string, unknown>): ProviderUserData {
  const sub = text(claims.sub);
  const email = text(claims.email);
  const edov = claims.xms_edov;
  const verified =
    email !== "" && (edov === undefined || edov === null || edov === true || edov === "1" || edov === "true");
  const custom = Object.fromEntries(Object.entries(claims).filter(([key]) => !AZURE_NOT_CUSTOM.has(key)));
  return {
    emails: email ? [{ email, verified, primary: true }] : [],
    claims: {
      iss: text(claims.iss),
      sub,
      preferred_username: text(claims.preferred_username),
      custom_claims: custom,
      full_name: text(claims.name),
      provider_id: sub,
    },
  };
}

/**
 * LinkedIn's id_token → user data (auth: provider/oidc.go parseLinkedinIDToken): `email_verified`
 * is a string that must parse as a boolean; name from given and family name.
 */
export function linkedinUserData(claims: Record<string, unknown>): ProviderUserData {
  const flag = String(claims.email_verified ?? "");
  const parsed = (
    {
      true: true,
      TRUE: true,
      True: true,
      t: true,
      T: true,
      "1": true,
      false: false,
      FALSE: false,
      False: false,
      f: false,
      F: false,
      "0": false,
    } as Record<string, boolean>
  )[flag];
  if (parsed === undefined) throw new Error(`linkedin: email_verified ${JSON.stringify(flag)} is not a boolean`);
  const sub = text(claims.sub);
  const email = text(claims.email);
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  return {
    emails: email ? [{ email, verified: parsed, primary: true }] : [],
    claims: {
      iss: text(claims.iss),
      sub,
      name: `${given} ${family}`.trim(),
      given_name: given,
      family_name: family,
      locale: text(claims.locale),
      picture: text(claims.picture),
      provider_id: sub,
    },
  };
}

/**
 * Apple's id_token → user data (auth: provider/oidc.go parseAppleIDToken): the email counts as
 * verified; `is_private_email`, `auth_time`, `transfer_sub` (when sent) become `custom_claims`.
 */
export function appleUserData(claims: Record<string, unknown>): ProviderUserData {
  const sub = text(claims.sub);
  const email = text(claims.email);
  const custom: Record<string, unknown> = {};
  if (claims.is_private_email !== undefined) custom.is_private_email = verifiedFlag(claims.is_private_email);
  if (typeof claims.auth_time === "number") custom.auth_time = claims.auth_time;
  if (text(claims.transfer_sub) !== "") custom.transfer_sub = claims.transfer_sub;
  return {
    emails: email ? [{ email, verified: true, primary: true }] : [],
    claims: {
      iss: text(claims.iss),
      sub,
      provider_id: sub,
      ...(Object.keys(custom).length > 0 ? { custom_claims: custom } : {}),
    },
  };
}

/** Apple's `user` form field (first sign-in only): `{"name":{"firstName","lastName"}}` → name and full_name. */
export function withAppleUser(data: ProviderUserData, user: string): ProviderUserData {
  const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
  const name = `${text(parsed.name?.firstName)} ${text(parsed.name?.lastName)}`.trim();
  return { ...data, claims: { ...data.claims, name, full_name: name } };
}

/** Claims of a verified id_token → user data, by provider (the id_token grant and the callback). */
export function idTokenUserData(provider: string, claims: Record<string, unknown>): ProviderUserData {
  if (provider === "apple") return appleUserData(claims);
  if (provider === "azure") return azureUserData(claims);
  if (provider === "linkedin_oidc") return linkedinUserData(claims);
  return oidcUserData(claims);
}

async function apiGet(url: string, accessToken: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      ...headers,
      authorization: `Bearer ${accessToken}`,
      accept: "application/json",
      "user-agent": "parley-stack",
    },
  });
  if (!response.ok) throw new Error(`Provider API ${url} answered ${response.status}`);
  return response.json();
}

/** The user data after a code exchange: id_token claims (or userinfo) for OIDC, the REST API for the others. */
export async function fetchUserData(
  provider: ExternalProvider,
  configuration: client.Configuration,
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): Promise<ProviderUserData> {
  if (provider.kind === "rest") {
    const { userData } = REST_PROVIDERS[provider.name as RestProviderName];
    const accessToken = tokens.access_token;
    return userData({
      base: provider.apiBase,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      accessToken,
      tokens: { ...tokens },
      get: (path, headers) => apiGet(`${provider.apiBase}${path}`, accessToken, headers),
    });
  }
  const idClaims = tokens.claims();
  // Keycloak's profile comes from userinfo; the others read the id_token, as the id_token grant does.
  if (idClaims && provider.name !== "keycloak") return idTokenUserData(provider.name, idClaims);
  if (provider.name === "azure") throw new Error("azure: no OIDC ID token present in response");
  if (provider.name === "linkedin_oidc" || provider.name === "apple") return { emails: [], claims: { sub: "" } };
  const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims?.sub ?? client.skipSubjectCheck);
  return oidcUserData({ iss: provider.issuer, ...info });
}

/**
 * GoTrue's callback step: the primary email (else the last one) becomes `email`/`email_verified`
 * in the claims; then structs.Map drops empty fields but keeps `email_verified`/`phone_verified`.
 */
export function identityData(data: ProviderUserData): Record<string, unknown> & { sub: string } {
  let email = "";
  let verified = false;
  for (const candidate of data.emails) {
    email = candidate.email;
    verified = candidate.verified;
    if (candidate.primary) break;
  }
  const claims: Record<string, unknown> = { ...data.claims, email, email_verified: verified, phone_verified: false };
  const kept = Object.entries(claims).filter(
    ([key, value]) =>
      key === "email_verified" || key === "phone_verified" || (value !== "" && value !== undefined && value !== null),
  );
  return { ...Object.fromEntries(kept), sub: data.claims.sub };
}
