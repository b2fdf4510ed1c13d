import * as client from "openid-client";
import type { ExternalProvider } from "./providers.ts";

const configurations = new Map<string, Promise<client.Configuration>>();

/**
 * The openid-client configuration for a provider: discovery for OpenID Connect providers (cached
 * per issuer and client; a failed discovery is retried next time), fixed endpoints for the OAuth 2.0 ones.
 * Plain http is allowed only for the stack's own emulator.
 */
export function clientConfiguration(provider: ExternalProvider): Promise<client.Configuration> {
  const key = `${provider.issuer}|${provider.clientId}|${provider.clientSecret}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration = createConfiguration(provider);
    configuration.catch(() => configurations.delete(key));
    configurations.set(key, configuration);
  }
  return configuration;
}

async function createConfiguration(provider: ExternalProvider): Promise<client.Configuration> {
  const insecure = provider.emulated || provider.issuer.startsWith("http://");
  const auth =
    provider.kind === "rest" && provider.tokenAuth === "basic"
      ? client.ClientSecretBasic(provider.clientSecret)
      : client.ClientSecretPost(provider.clientSecret);
  if (provider.kind === "oidc") {
    return client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      auth,
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
  }
  const configuration = new client.Configuration(
    {
      issuer: provider.issuer,
      authorization_endpoint: provider.authorizationEndpoint,
      token_endpoint: provider.tokenEndpoint,
    },
    provider.clientId,
    undefined,
    auth,
  );
  if (insecure) client.allowInsecureRequests(configuration);
  return configuration;
}

/** Drops cached configurations (a restarted emulator has new keys). */
export function forgetClientConfigurations(): void {
  configurations.clear();
}
