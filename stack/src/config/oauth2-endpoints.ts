// Where each OAuth 2.0 provider (fixed endpoints, profile from its REST API) answers. Shared by
// auth (the client side, auth/external/rest-providers.ts) and oauth-emulator (which serves the same
// paths under its base), which may not import each other: both must agree on every path.

/** A host (used when config.toml has no `url`) and the path under it (also under `url` and the emulator). */
export interface OAuth2Endpoint {
  host: string;
  path: string;
  /** The path under a configured `url` when it differs (GitHub Enterprise's `/api/v3`). */
  urlPath?: string;
}

export interface OAuth2Endpoints {
  authorize: OAuth2Endpoint;
  token: OAuth2Endpoint;
  api: OAuth2Endpoint;
  /**
   * How the token endpoint gets the client secret. GoTrue's oauth2 library tries HTTP Basic first
   * (params for Kakao); the providers that insist on Basic (Notion, Zoom, Figma) get it, the others
   * the form body, which they all accept.
   */
  tokenAuth?: "basic" | "post";
}

/** GoTrue's endpoints per provider (auth: internal/api/provider/<name>.go). */
export const OAUTH2_ENDPOINTS = {
  github: {
    authorize: { host: "https://github.com", path: "/login/oauth/authorize" },
    token: { host: "https://github.com", path: "/login/oauth/access_token" },
    api: { host: "https://api.github.com", path: "", urlPath: "/api/v3" },
  },
  gitlab: {
    authorize: { host: "https://gitlab.com", path: "/oauth/authorize" },
    token: { host: "https://gitlab.com", path: "/oauth/token" },
    api: { host: "https://gitlab.com", path: "/api/v4" },
  },
  discord: {
    authorize: { host: "https://discord.com", path: "/api/oauth2/authorize" },
    token: { host: "https://discord.com", path: "/api/oauth2/token" },
    api: { host: "https://discord.com", path: "/api" },
  },
  bitbucket: {
    authorize: { host: "https://bitbucket.org", path: "/site/oauth2/authorize" },
    token: { host: "https://bitbucket.org", path: "/site/oauth2/access_token" },
    api: { host: "https://api.bitbucket.org", path: "/2.0" },
  },
  facebook: {
    authorize: { host: "https://www.facebook.com", path: "/dialog/oauth" },
    token: { host: "https://graph.facebook.com", path: "/oauth/access_token" },
    api: { host: "https://graph.facebook.com", path: "" },
  },
  spotify: {
    authorize: { host: "https://accounts.spotify.com", path: "/authorize" },
    token: { host: "https://accounts.spotify.com", path: "/api/token" },
    api: { host: "https://api.spotify.com/v1", path: "" },
  },
  twitch: {
    authorize: { host: "https://id.twitch.tv", path: "/oauth2/authorize" },
    token: { host: "https://id.twitch.tv", path: "/oauth2/token" },
    api: { host: "https://api.twitch.tv", path: "" },
  },
  notion: {
    authorize: { host: "https://api.notion.com", path: "/v1/oauth/authorize" },
    token: { host: "https://api.notion.com", path: "/v1/oauth/token" },
    api: { host: "https://api.notion.com", path: "" },
    tokenAuth: "basic",
  },
  zoom: {
    authorize: { host: "https://zoom.us", path: "/oauth/authorize" },
    token: { host: "https://zoom.us", path: "/oauth/token" },
    api: { host: "https://api.zoom.us", path: "/v2" },
    tokenAuth: "basic",
  },
  figma: {
    authorize: { host: "https://www.figma.com", path: "/oauth" },
    token: { host: "https://api.figma.com", path: "/v1/oauth/token" },
    api: { host: "https://api.figma.com", path: "" },
    tokenAuth: "basic",
  },
  kakao: {
    authorize: { host: "https://kauth.kakao.com", path: "/oauth/authorize" },
    token: { host: "https://kauth.kakao.com", path: "/oauth/token" },
    api: { host: "https://kapi.kakao.com", path: "" },
  },
  // Slack's "Sign in with Slack" is OpenID Connect, but GoTrue uses fixed endpoints and its userInfo API.
  slack_oidc: {
    authorize: { host: "https://slack.com", path: "/openid/connect/authorize" },
    token: { host: "https://slack.com", path: "/api/openid.connect.token" },
    api: { host: "https://slack.com", path: "/api" },
  },
  // WorkOS SSO: the authorize request needs `connection`, `organization` or `provider` (queryParams).
  workos: {
    authorize: { host: "https://api.workos.com", path: "/sso/authorize" },
    token: { host: "https://api.workos.com", path: "/sso/token" },
    api: { host: "https://api.workos.com", path: "" },
  },
} as const satisfies Record<string, OAuth2Endpoints>;

export type OAuth2ProviderName = keyof typeof OAUTH2_ENDPOINTS;

/** The provider's endpoints, or undefined for a provider that is not OAuth 2.0 + REST. */
export function oauth2Endpoints(name: string): OAuth2Endpoints | undefined {
  return Object.hasOwn(OAUTH2_ENDPOINTS, name) ? OAUTH2_ENDPOINTS[name as OAuth2ProviderName] : undefined;
}
