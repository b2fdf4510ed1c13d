import { createRemoteJWKSet } from "jose";
import { clientConfiguration } from "./oauth-client.ts";
import type { OidcProvider } from "./providers.ts";

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * The provider's signing keys from its discovery document's `jwks_uri` (jose caches and refreshes
 * them on an unknown `kid`). Undefined when discovery fails or names no JWKS.
 */
export async function providerKeySet(
  provider: OidcProvider,
): Promise<{ keys: ReturnType<typeof createRemoteJWKSet>; issuer: string } | undefined> {
  const configuration = await clientConfiguration(provider).catch(() => undefined);
  const metadata = configuration?.serverMetadata();
  if (!metadata?.jwks_uri) return undefined;
  let keys = keySets.get(metadata.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(metadata.jwks_uri));
    keySets.set(metadata.jwks_uri, keys);
  }
  return { keys, issuer: metadata.issuer };
}
