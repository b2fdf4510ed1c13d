import { OAUTH2_ENDPOINTS, type OAuth2Endpoint, type OAuth2Endpoints } from "../../config/index.ts";
import * as profiles from "./rest-profiles.ts";
import type { ProviderApi } from "./rest-profiles.ts";
import type { ProviderUserData } from "./user-data.ts";

/**
 * An OAuth 2.0 provider with fixed endpoints whose profile comes from its REST API: GoTrue's
 * endpoints (config/oauth2-endpoints.ts, shared with the emulator), default scopes and profile
 * mapping (auth: internal/api/provider/<name>.go). A `url` in config.toml replaces every default
 * host, as GoTrue's chooseHost does; the emulator is such a `url`.
 */
export interface RestProviderSpec extends OAuth2Endpoints {
  scopes: string[];
  userData: (api: ProviderApi) => Promise<ProviderUserData>;
}

export const REST_PROVIDERS = {
  github: { ...OAUTH2_ENDPOINTS.github, scopes: ["user:email"], userData: profiles.github },
  gitlab: { ...OAUTH2_ENDPOINTS.gitlab, scopes: ["read_user"], userData: profiles.gitlab },
  discord: { ...OAUTH2_ENDPOINTS.discord, scopes: ["email", "identify"], userData: profiles.discord },
  bitbucket: { ...OAUTH2_ENDPOINTS.bitbucket, scopes: ["account", "email"], userData: profiles.bitbucket },
  facebook: { ...OAUTH2_ENDPOINTS.facebook, scopes: ["email"], userData: profiles.facebook },
  spotify: { ...OAUTH2_ENDPOINTS.spotify, scopes: ["user-read-email"], userData: profiles.spotify },
  twitch: { ...OAUTH2_ENDPOINTS.twitch, scopes: ["user:read:email"], userData: profiles.twitch },
  notion: { ...OAUTH2_ENDPOINTS.notion, scopes: [], userData: profiles.notion },
  zoom: { ...OAUTH2_ENDPOINTS.zoom, scopes: [], userData: profiles.zoom },
  figma: { ...OAUTH2_ENDPOINTS.figma, scopes: ["current_user:read"], userData: profiles.figma },
  kakao: {
    ...OAUTH2_ENDPOINTS.kakao,
    scopes: ["account_email", "profile_image", "profile_nickname"],
    userData: profiles.kakao,
  },
  slack_oidc: { ...OAUTH2_ENDPOINTS.slack_oidc, scopes: ["profile", "email", "openid"], userData: profiles.slackOidc },
  workos: { ...OAUTH2_ENDPOINTS.workos, scopes: [], userData: profiles.workos },
} satisfies Record<keyof typeof OAUTH2_ENDPOINTS, RestProviderSpec>;

export type RestProviderName = keyof typeof REST_PROVIDERS;
export const REST_PROVIDER_NAMES = Object.keys(REST_PROVIDERS) as RestProviderName[];

/** The endpoint's URL: default host, configured `url` (self-hosted, proxy) or the emulator's base. */
export function endpointUrl(endpoint: OAuth2Endpoint, base: { url: string; emulated: boolean } | undefined): string {
  if (!base) return `${endpoint.host}${endpoint.path}`;
  return `${base.url.replace(/\/$/, "")}${base.emulated ? endpoint.path : (endpoint.urlPath ?? endpoint.path)}`;
}
