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

async function apiGet(url: string, accessToken: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers: { ...headers, authorization: `Bearer ${accessToken}`, accept: "application/json", "user-agent": "parley-stack" } });
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
      base: provider.apiBase, clientId: provider.clientId, clientSecret: provider.clientSecret, accessToken,
      get: (path, headers) => apiGet(`${provider.apiBase}${path}`, accessToken, headers),
    });
  }
  const idClaims = tokens.claims();
  if (idClaims && provider.name === "google") return oidcUserData(idClaims);
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
  const kept = Object.entries(claims).filter(([key, value]) => key === "email_verified" || key === "phone_verified" || (value !== "" && value !== undefined && value !== null));
  return { ...Object.fromEntries(kept), sub: data.claims.sub };
}
