// Which [auth.external.<provider>] sections the stack serves itself (the OAuth provider emulator).
// Shared by auth (the OAuth client side) and oauth-emulator (the provider side), which may not
// import each other: both derive the same endpoints and client credentials from the config.
import { createHmac } from "node:crypto";
import { envReferenceName } from "./env-substitution.ts";

/**
 * Providers the emulator can stand in for: Google, Keycloak, Azure, LinkedIn and Apple as OpenID
 * Connect (the last three at their own issuer paths); the others as OAuth 2.0 at their own paths
 * plus their user API.
 */
export const EMULATED_PROVIDERS = [
  "google",
  "github",
  "keycloak",
  "gitlab",
  "discord",
  "bitbucket",
  "facebook",
  "spotify",
  "twitch",
  "notion",
  "zoom",
  "figma",
  "kakao",
  "slack_oidc",
  "azure",
  "linkedin_oidc",
  "workos",
  "apple",
] as const;
export type EmulatedProvider = (typeof EMULATED_PROVIDERS)[number];

export interface ExternalProviderSection {
  enabled: boolean;
  client_id: string;
  secret: string;
}

/** A credential nobody gave: empty, or an `env(NAME)` whose variable is not set (left as the literal). */
export function isMissingCredential(value: string): boolean {
  return value.trim() === "" || envReferenceName(value) !== undefined;
}

export function isEmulatedProviderName(name: string): name is EmulatedProvider {
  return (EMULATED_PROVIDERS as readonly string[]).includes(name);
}

/**
 * True when an enabled provider has neither `client_id` nor `secret` (both empty or unset `env()`):
 * the stack then serves that provider itself at `<API URL>/emulators/oauth/<provider>`.
 * A provider with one of the two set is a real provider and keeps the CLI's "is required" checks.
 * @example isEmulatedProvider("github", { enabled: true, client_id: "", secret: "env(GITHUB_SECRET)" }) // true when GITHUB_SECRET is unset
 */
export function isEmulatedProvider(name: string, section: ExternalProviderSection | undefined): boolean {
  if (!section?.enabled || !isEmulatedProviderName(name)) return false;
  return isMissingCredential(section.client_id) && isMissingCredential(section.secret);
}

/** Where the gateway mounts the emulator, under the API URL. */
export const OAUTH_EMULATOR_BASE_PATH = "/emulators/oauth";

/** One emulated provider's base path under the API URL. */
export const emulatorBasePath = (provider: string) => `${OAUTH_EMULATOR_BASE_PATH}/${provider}`;

/**
 * The client the emulator registers for auth and auth signs in with: a fixed id and a secret
 * derived from the project's JWT secret, so both sides agree without talking to each other.
 */
export function emulatorClientCredentials(
  provider: string,
  jwtSecret: string,
): { clientId: string; clientSecret: string } {
  const clientSecret = createHmac("sha256", jwtSecret).update(`parley-oauth-emulator:${provider}`).digest("base64url");
  return { clientId: `parley-emulator-${provider}`, clientSecret };
}
