import * as client from "openid-client";
import type { ExternalProvider } from "./providers.ts";

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

async function githubGet(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", "user-agent": "parley-stack" } });
  if (!response.ok) throw new Error(`GitHub API ${url} answered ${response.status}`);
  return response.json();
}

/** GitHub's `/user` and `/user/emails` → user data (auth: provider/github.go). */
export async function githubUserData(apiBase: string, accessToken: string): Promise<ProviderUserData> {
  const user = (await githubGet(`${apiBase}/user`, accessToken)) as Record<string, unknown>;
  const emails = (await githubGet(`${apiBase}/user/emails`, accessToken)) as Record<string, unknown>[];
  const sub = String(user.id ?? "");
  const name = text(user.name);
  const login = text(user.login);
  return {
    emails: emails
      .filter((e) => text(e.email) !== "")
      .map((e) => ({ email: text(e.email), verified: e.verified === true, primary: e.primary === true })),
    claims: { iss: apiBase, sub, name, preferred_username: login, avatar_url: text(user.avatar_url), full_name: name, provider_id: sub, user_name: login },
  };
}

/** The user data after a code exchange: id_token claims (or userinfo) for OIDC, the REST API for GitHub. */
export async function fetchUserData(
  provider: ExternalProvider,
  configuration: client.Configuration,
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): Promise<ProviderUserData> {
  if (provider.kind === "github") return githubUserData(provider.apiBase, tokens.access_token);
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
