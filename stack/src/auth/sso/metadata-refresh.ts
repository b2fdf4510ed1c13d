import type { Logger } from "pino";
import type { Sql } from "../users/user-queries.ts";
import { fetchIdpMetadata, parseIdpMetadata, type IdpMetadata } from "./idp-metadata.ts";
import { updateProviderRow, type SsoProvider } from "./provider-store.ts";

const DAY_MS = 24 * 3600_000;

/**
 * GoTrue's IsSAMLMetadataStale (samlacs.go): past `validUntil`, past `cacheDuration` since the last
 * update, or — when the metadata says neither — older than 24 hours.
 */
export function isMetadataStale(metadata: IdpMetadata, updatedAt: Date, now = new Date()): boolean {
  const expired = metadata.validUntil !== undefined && now > metadata.validUntil;
  const cacheExceeded =
    metadata.cacheDurationMs !== undefined && now.getTime() > updatedAt.getTime() + metadata.cacheDurationMs;
  const forceUpdate =
    metadata.validUntil === undefined &&
    metadata.cacheDurationMs === undefined &&
    now.getTime() > updatedAt.getTime() + DAY_MS;
  return expired || cacheExceeded || forceUpdate;
}

/**
 * The provider's IdP metadata for the ACS, re-fetched from `metadata_url` when stale; a failed or
 * invalid fetch is logged and the stored metadata kept, as GoTrue does.
 */
export async function currentIdpMetadata(sql: Sql, provider: SsoProvider, logger: Logger): Promise<IdpMetadata> {
  const stored = parseIdpMetadata(provider.metadata_xml);
  if (!provider.metadata_url || !isMetadataStale(stored, provider.updated_at)) return stored;
  try {
    const raw = await fetchIdpMetadata(provider.metadata_url);
    const fresh = parseIdpMetadata(raw);
    if (fresh.entityId !== stored.entityId) throw new Error(`metadata now names entity ${fresh.entityId}`);
    await updateProviderRow(sql, { ...provider, metadata_xml: raw });
    return fresh;
  } catch (error) {
    logger.warn(
      { err: error, sso_provider_id: provider.id },
      "SAML Metadata could not be retrieved, continuing with existing metadata",
    );
    return stored;
  }
}
