import * as profiles from "./rest-profiles.ts";
import type { ProviderApi } from "./rest-profiles.ts";
import type { ProviderUserData } from "./user-data.ts";

/** A host (used when config.toml has no `url`) and the path under it (also under `url` and the emulator). */
interface Endpoint {
  host: string;
  path: string;
  /** The path under a configured `url` when it differs (GitHub Enterprise's `/api/v3`). */
  urlPath?: string;
}

/**
 * An OAuth 2.0 provider with fixed endpoints whose profile comes from its REST API: GoTrue's
 * endpoints, default scopes and profile mapping (auth: internal/api/provider/<name>.go). A `url` in
 * config.toml replaces every default host, as GoTrue's chooseHost does; the emulator is such a `url`.
 */
export interface RestProviderSpec {
  authorize: Endpoint;
  token: Endpoint;
  api: Endpoint;
  scopes: string[];
  /**
   * How the token endpoint gets the client secret. GoTrue's oauth2 library tries HTTP Basic first
   * (params for Kakao); the providers that insist on Basic (Notion, Zoom, Figma) get it, the others
   * the form body, which they all accept.
   */
  tokenAuth?: "basic" | "post";
  userData: (api: ProviderApi) => Promise<ProviderUserData>;
}

export const REST_PROVIDERS = {
  github: {
    authorize: { host: "https://github.com", path: "/login/oauth/authorize" },
    token: { host: "https://github.com", path: "/login/oauth/access_token" },
    api: { host: "https://api.github.com", path: "", urlPath: "/api/v3" },
    scopes: ["user:email"],
    userData: profiles.github,
  },
  gitlab: {
    authorize: { host: "https://gitlab.com", path: "/oauth/authorize" },
    token: { host: "https://gitlab.com", path: "/oauth/token" },
    api: { host: "https://gitlab.com", path: "/api/v4" },
    scopes: ["read_user"],
    userData: profiles.gitlab,
  },
  discord: {
    authorize: { host: "https://discord.com", path: "/api/oauth2/authorize" },
    token: { host: "https://discord.com", path: "/api/oauth2/token" },
    api: { host: "https://discord.com", path: "/api" },
    scopes: ["email", "identify"],
    userData: profiles.discord,
  },
  bitbucket: {
    authorize: { host: "https://bitbucket.org", path: "/site/oauth2/authorize" },
    token: { host: "https://bitbucket.org", path: "/site/oauth2/access_token" },
    api: { host: "https://api.bitbucket.org", path: "/2.0" },
    scopes: ["account", "email"],
    userData: profiles.bitbucket,
  },
  facebook: {
    authorize: { host: "https://www.facebook.com", path: "/dialog/oauth" },
    token: { host: "https://graph.facebook.com", path: "/oauth/access_token" },
    api: { host: "https://graph.facebook.com", path: "" },
    scopes: ["email"],
    userData: profiles.facebook,
  },
  spotify: {
    authorize: { host: "https://accounts.spotify.com", path: "/authorize" },
    token: { host: "https://accounts.spotify.com", path: "/api/token" },
    api: { host: "https://api.spotify.com/v1", path: "" },
    scopes: ["user-read-email"],
    userData: profiles.spotify,
  },
  twitch: {
    authorize: { host: "https://id.twitch.tv", path: "/oauth2/authorize" },
    token: { host: "https://id.twitch.tv", path: "/oauth2/token" },
    api: { host: "https://api.twitch.tv", path: "" },
    scopes: ["user:read:email"],
    userData: profiles.twitch,
  },
  notion: {
    authorize: { host: "https://api.notion.com", path: "/v1/oauth/authorize" },
    token: { host: "https://api.notion.com", path: "/v1/oauth/token" },
    api: { host: "https://api.notion.com", path: "" },
    scopes: [],
    tokenAuth: "basic",
    userData: profiles.notion,
  },
  zoom: {
    authorize: { host: "https://zoom.us", path: "/oauth/authorize" },
    token: { host: "https://zoom.us", path: "/oauth/token" },
    api: { host: "https://api.zoom.us", path: "/v2" },
    scopes: [],
    tokenAuth: "basic",
    userData: profiles.zoom,
  },
  figma: {
    authorize: { host: "https://www.figma.com", path: "/oauth" },
    token: { host: "https://api.figma.com", path: "/v1/oauth/token" },
    api: { host: "https://api.figma.com", path: "" },
    scopes: ["current_user:read"],
    tokenAuth: "basic",
    userData: profiles.figma,
  },
  kakao: {
    authorize: { host: "https://kauth.kakao.com", path: "/oauth/authorize" },
    token: { host: "https://kauth.kakao.com", path: "/oauth/token" },
    api: { host: "https://kapi.kakao.com", path: "" },
    scopes: ["account_email", "profile_image", "profile_nickname"],
    userData: profiles.kakao,
  },
  // Slack's "Sign in with Slack" is OpenID Connect, but GoTrue uses fixed endpoints and its userInfo API.
  slack_oidc: {
    authorize: { host: "https://slack.com", path: "/openid/connect/authorize" },
    token: { host: "https://slack.com", path: "/api/openid.connect.token" },
    api: { host: "https://slack.com", path: "/api" },
    scopes: ["profile", "email", "openid"],
    userData: profiles.slackOidc,
  },
  // WorkOS SSO: the authorize request needs `connection`, `organization` or `provider` (queryParams).
  workos: {
    authorize: { host: "https://api.workos.com", path: "/sso/authorize" },
    token: { host: "https://api.workos.com", path: "/sso/token" },
    api: { host: "https://api.workos.com", path: "" },
    scopes: [],
    userData: profiles.workos,
  },
} satisfies Record<string, RestProviderSpec>;

export type RestProviderName = keyof typeof REST_PROVIDERS;
export const REST_PROVIDER_NAMES = Object.keys(REST_PROVIDERS) as RestProviderName[];

/** The endpoint's URL: default host, configured `url` (self-hosted, proxy) or the emulator's base. */
export function endpointUrl(endpoint: Endpoint, base: { url: string; emulated: boolean } | undefined): string {
  if (!base) return `${endpoint.host}${endpoint.path}`;
  return `${base.url.replace(/\/$/, "")}${base.emulated ? endpoint.path : (endpoint.urlPath ?? endpoint.path)}`;
}
