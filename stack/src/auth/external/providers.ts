import { emulatorBasePath, emulatorClientCredentials, isEmulatedProvider } from "../../config/index.ts";
import type { AuthSettings, ExternalProviderSettings } from "../config/settings.ts";
import type { AuthCore } from "../core.ts";
import {
  endpointUrl,
  REST_PROVIDER_NAMES,
  REST_PROVIDERS,
  type RestProviderName,
  type RestProviderSpec,
} from "./rest-providers.ts";

/** Every provider name GoTrue's /settings reports under `external` (auth: internal/api/settings.go). */
export const SETTINGS_PROVIDERS = [
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "snapchat",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "keycloak",
  "kakao",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "spotify",
  "slack",
  "slack_oidc",
  "workos",
  "twitch",
  "twitter",
  "zoom",
] as const;

/**
 * Providers whose OAuth flow the stack implements: OpenID Connect (google, keycloak) and OAuth 2.0 + REST
 * (rest-providers.ts).
 */
export const SUPPORTED_PROVIDERS: readonly SupportedProvider[] = [
  "google",
  "keycloak",
  "azure",
  "linkedin_oidc",
  "apple",
  ...REST_PROVIDER_NAMES,
];
export type SupportedProvider = "google" | "keycloak" | "azure" | "linkedin_oidc" | "apple" | RestProviderName;

interface ProviderBase {
  name: SupportedProvider;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** GoTrue's default scopes, joined with the caller's `scopes`. */
  scopes: string[];
  skipNonceCheck: boolean;
  emailOptional: boolean;
  /** Served by the stack's OAuth emulator (no credentials configured). */
  emulated: boolean;
}

/** Discovered from `<issuer>/.well-known/openid-configuration`. */
export interface OidcProvider extends ProviderBase {
  kind: "oidc";
  issuer: string;
  /** Fixed authorization parameters (Apple: `response_mode=form_post`). */
  authorizeParams?: Record<string, string>;
}

/** OAuth 2.0 with fixed endpoints and the provider's REST API for the profile (rest-providers.ts). */
export interface RestProvider extends ProviderBase {
  kind: "rest";
  tokenAuth: "basic" | "post";
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  apiBase: string;
}

export type ExternalProvider = OidcProvider | RestProvider;

const isSupported = (name: string): name is SupportedProvider =>
  (SUPPORTED_PROVIDERS as readonly string[]).includes(name);

/** The enabled `[auth.external.<name>]` section, or undefined. */
export function enabledSection(settings: AuthSettings, name: string): ExternalProviderSettings | undefined {
  const section = settings.external[name];
  return section?.enabled ? section : undefined;
}

/** True when `name` is enabled and the stack runs its flow (real or emulated): what /settings reports. */
export function isProviderAvailable(settings: AuthSettings, name: string): boolean {
  return enabledSection(settings, name) !== undefined && isSupported(name);
}

/**
 * The provider `name` as configured, with real endpoints, or the emulator's when the section has
 * no credentials (config/oauth-emulation.ts). Undefined when disabled or not supported.
 */
export function resolveProvider(core: Pick<AuthCore, "settings" | "keys">, name: string): ExternalProvider | undefined {
  const settings = core.settings();
  const section = enabledSection(settings, name);
  if (!section || !isSupported(name)) return undefined;
  const emulated = isEmulatedProvider(name, section);
  const emulatorBase = `${settings.apiUrl}${emulatorBasePath(name)}`;
  const credentials = emulated
    ? emulatorClientCredentials(name, core.keys.jwtSecret)
    : { clientId: section.client_id.split(",")[0]?.trim() ?? "", clientSecret: section.secret };
  const common = {
    name,
    ...credentials,
    redirectUri: section.redirect_uri || `${settings.externalUrl}/callback`,
    skipNonceCheck: section.skip_nonce_check,
    emailOptional: section.email_optional,
    emulated,
  };
  switch (name) {
    case "google":
      return {
        ...common,
        kind: "oidc",
        issuer: emulated ? emulatorBase : "https://accounts.google.com",
        scopes: ["openid", "email", "profile"],
      };
    case "keycloak":
      return {
        ...common,
        kind: "oidc",
        issuer: emulated ? emulatorBase : section.url.replace(/\/$/, ""),
        scopes: ["openid", "profile", "email"],
      };
    case "azure": {
      // GoTrue's azure.go: `url` is the authority (tenant), default the multi-tenant `common` one; the
      // issuer is `<authority>/v2.0` (openid-client checks `common`'s `{tenantid}` issuer per token).
      const authority = emulated
        ? emulatorBase
        : (section.url || "https://login.microsoftonline.com/common").replace(/\/$/, "");
      return { ...common, kind: "oidc", issuer: `${authority}/v2.0`, scopes: ["openid"] };
    }
    case "apple":
      // GoTrue's apple.go: Apple's issuer (`url` ignored), scopes `email name`, the answer POSTed back (form_post).
      return {
        ...common,
        kind: "oidc",
        issuer: emulated ? emulatorBase : "https://appleid.apple.com",
        scopes: ["email", "name"],
        authorizeParams: { response_mode: "form_post" },
      };
    case "linkedin_oidc":
      // Discovered from LinkedIn's issuer (GoTrue's endpoints are the same paths on api.linkedin.com;
      // `url` is not used).
      return {
        ...common,
        kind: "oidc",
        issuer: emulated ? `${emulatorBase}/oauth` : "https://www.linkedin.com/oauth",
        scopes: ["openid", "email", "profile"],
      };
    default: {
      const rest: RestProviderSpec = REST_PROVIDERS[name];
      const base = emulated
        ? { url: emulatorBase, emulated }
        : section.url
          ? { url: section.url, emulated }
          : undefined;
      return {
        ...common,
        kind: "rest",
        // The emulator's id_token (it is an OpenID server underneath) is checked against this issuer.
        issuer: (base?.url ?? rest.authorize.host).replace(/\/$/, ""),
        authorizationEndpoint: endpointUrl(rest.authorize, base),
        tokenEndpoint: endpointUrl(rest.token, base),
        apiBase: endpointUrl(rest.api, base),
        scopes: rest.scopes,
        tokenAuth: rest.tokenAuth ?? "post",
      };
    }
  }
}

/** Client ids an id_token's `aud` may name (a comma-separated `client_id`, as GoTrue accepts). */
export function acceptableClientIds(settings: AuthSettings, provider: ExternalProvider): string[] {
  if (provider.emulated) return [provider.clientId];
  const section = enabledSection(settings, provider.name);
  return (section?.client_id ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
}
