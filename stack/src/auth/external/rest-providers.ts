import type { ProviderUserData } from "./user-data.ts";

/**
 * An OAuth 2.0 provider with fixed endpoints whose profile comes from its REST API. Endpoints,
 * default scopes and the profile mapping are GoTrue's (auth: internal/api/provider/<name>.go).
 * `url` in config.toml replaces `defaultHost` (self-hosted GitHub Enterprise / GitLab, Discord proxy).
 */
export interface RestProviderSpec {
  defaultHost: string;
  authorizePath: string;
  tokenPath: string;
  /** The API base for the default host. */
  defaultApiBase: string;
  /** The API base under a configured `url`, and under the emulator's base path. */
  selfHostedApiPath: string;
  apiPath: string;
  scopes: string[];
  userData: (get: (path: string) => Promise<unknown>, apiBase: string) => Promise<ProviderUserData>;
}

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");
const idText = (value: unknown) => (typeof value === "number" ? String(value) : text(value));

/** GitHub's `/user` and `/user/emails` (auth: provider/github.go). */
async function githubUserData(get: (path: string) => Promise<unknown>, apiBase: string): Promise<ProviderUserData> {
  const user = (await get("/user")) as Json;
  const emails = (await get("/user/emails")) as Json[];
  const sub = idText(user.id);
  const name = text(user.name);
  const login = text(user.login);
  return {
    emails: emails.filter((e) => text(e.email) !== "").map((e) => ({ email: text(e.email), verified: e.verified === true, primary: e.primary === true })),
    claims: { iss: apiBase, sub, name, preferred_username: login, avatar_url: text(user.avatar_url), full_name: name, provider_id: sub, user_name: login },
  };
}

/**
 * GitLab's `/api/v4/user` and `/api/v4/user/emails` (auth: provider/gitlab.go): the listed emails
 * unverified and not primary, then the profile email, verified when `confirmed_at` is set, primary.
 */
async function gitlabUserData(get: (path: string) => Promise<unknown>, apiBase: string): Promise<ProviderUserData> {
  const user = (await get("/user")) as Json;
  const listed = (await get("/user/emails")) as Json[];
  const emails = listed.filter((e) => text(e.email) !== "").map((e) => ({ email: text(e.email), verified: false, primary: false }));
  if (text(user.email) !== "") emails.push({ email: text(user.email), verified: text(user.confirmed_at) !== "", primary: true });
  const sub = idText(user.id);
  const name = text(user.name);
  const avatar = text(user.avatar_url);
  return { emails, claims: { iss: apiBase.replace(/\/api\/v4$/, ""), sub, name, picture: avatar, avatar_url: avatar, full_name: name, provider_id: sub } };
}

/** Discord's `/users/@me` (auth: provider/discord.go): CDN avatar from the hash (or the default one), `name#discriminator`. */
async function discordUserData(get: (path: string) => Promise<unknown>, apiBase: string): Promise<ProviderUserData> {
  const user = (await get("/users/@me")) as Json;
  const id = text(user.id);
  const hash = text(user.avatar);
  const discriminator = text(user.discriminator);
  const index = Number.parseInt(discriminator, 10);
  if (hash === "" && Number.isNaN(index)) throw new Error("Discord user has neither an avatar nor a numeric discriminator");
  const avatar = hash === ""
    ? `https://cdn.discordapp.com/embed/avatars/${index % 5}.png`
    : `https://cdn.discordapp.com/avatars/${id}/${hash}.${hash.startsWith("a_") ? "gif" : "png"}`;
  const username = text(user.username);
  const email = text(user.email);
  return {
    emails: email ? [{ email, verified: user.verified === true, primary: true }] : [],
    claims: { iss: apiBase, sub: id, name: `${username}#${discriminator}`, picture: avatar, custom_claims: { global_name: text(user.global_name) }, avatar_url: avatar, full_name: username, provider_id: id },
  };
}

export const REST_PROVIDERS = {
  github: {
    defaultHost: "https://github.com", authorizePath: "/login/oauth/authorize", tokenPath: "/login/oauth/access_token",
    defaultApiBase: "https://api.github.com", selfHostedApiPath: "/api/v3", apiPath: "", scopes: ["user:email"], userData: githubUserData,
  },
  gitlab: {
    defaultHost: "https://gitlab.com", authorizePath: "/oauth/authorize", tokenPath: "/oauth/token",
    defaultApiBase: "https://gitlab.com/api/v4", selfHostedApiPath: "/api/v4", apiPath: "/api/v4", scopes: ["read_user"], userData: gitlabUserData,
  },
  discord: {
    defaultHost: "https://discord.com", authorizePath: "/api/oauth2/authorize", tokenPath: "/api/oauth2/token",
    defaultApiBase: "https://discord.com/api", selfHostedApiPath: "/api", apiPath: "/api", scopes: ["email", "identify"], userData: discordUserData,
  },
} satisfies Record<string, RestProviderSpec>;

export type RestProviderName = keyof typeof REST_PROVIDERS;
