import type { AuthCore } from "../core.ts";
import { inTransaction } from "../../db/index.ts";
import { badRequest, ErrorCode, internal, notFound, unprocessable } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import { fetchIdpMetadata, parseIdpMetadata } from "./idp-metadata.ts";
import type { ProviderBody } from "./provider-input.ts";
import * as store from "./provider-store.ts";

async function readMetadata(body: ProviderBody) {
  const raw = body.metadata_xml ? body.metadata_xml : await fetchIdpMetadata(body.metadata_url ?? "");
  return { raw, metadata: parseIdpMetadata(raw) };
}

/**
 * `/admin/sso/providers/{idp_id}`: a UUID, or `resource_<id>` for a provider's resource_id; otherwise
 * (or unknown) 404 `sso_provider_not_found` "SSO Identity Provider not found" (ssoadmin.go loadSSOProvider).
 */
export async function loadProvider(core: AuthCore, idpId: string): Promise<store.SsoProvider> {
  const provider = idpId.startsWith("resource_")
    ? await store.findProviderByResourceId(core.pool, idpId.slice("resource_".length))
    : isUuid(idpId)
      ? await store.findProviderById(core.pool, idpId)
      : undefined;
  if (!provider) throw notFound(ErrorCode.sso_provider_not_found, "SSO Identity Provider not found");
  return provider;
}

/** POST /admin/sso/providers (ssoadmin.go adminSSOProvidersCreate); the body is already validated. */
export async function createProvider(core: AuthCore, body: ProviderBody): Promise<store.SsoProvider> {
  const { raw, metadata } = await readMetadata(body);
  return inTransaction(core.pool, async (sql) => {
    if (await store.findProviderByEntityId(sql, metadata.entityId)) {
      throw unprocessable(
        ErrorCode.saml_idp_already_exists,
        `SAML Identity Provider with this EntityID (${metadata.entityId}) already exists`,
      );
    }
    for (const domain of body.domains ?? []) {
      const existing = await store.findProviderByDomain(sql, domain);
      if (existing) {
        throw badRequest(
          ErrorCode.sso_domain_already_exists,
          `SSO Domain '${domain}' is already assigned to an SSO identity provider (${existing.id})`,
        );
      }
    }
    const id = await store.insertProvider(sql, {
      entityId: metadata.entityId,
      metadataXml: raw,
      metadataUrl: body.metadata_url || null,
      attributeMapping: body.attribute_mapping ?? {},
      nameIdFormat: body.name_id_format || null,
      resourceId: body.resource_id ?? null,
      disabled: body.disabled ?? null,
      domains: [...new Set(body.domains ?? [])],
    });
    const created = await store.findProviderById(sql, id);
    if (!created) throw internal("SSO provider vanished after insert");
    return created;
  });
}

/** PUT /admin/sso/providers/{id} (ssoadmin.go adminSSOProvidersUpdate): only the given fields change. */
export async function updateProvider(
  core: AuthCore,
  provider: store.SsoProvider,
  body: ProviderBody,
): Promise<store.SsoProvider> {
  const next = { ...provider };
  if (body.metadata_xml || body.metadata_url) {
    const { raw, metadata } = await readMetadata(body);
    if (metadata.entityId !== provider.entity_id) {
      throw badRequest(
        ErrorCode.saml_entity_id_mismatch,
        `SAML Metadata can be updated only if the EntityID matches for the provider; expected '${provider.entity_id}' but got '${metadata.entityId}'`,
      );
    }
    if (body.metadata_url) next.metadata_url = body.metadata_url;
    next.metadata_xml = raw;
  }
  if (body.attribute_mapping?.keys !== undefined) next.attribute_mapping = { keys: body.attribute_mapping.keys };
  // GoTrue compares the given name_id_format with the stored one: omitting it clears it.
  next.name_id_format = body.name_id_format || null;
  if (body.resource_id !== undefined) next.resource_id = body.resource_id === "" ? null : body.resource_id;
  if (body.disabled !== undefined) next.disabled = body.disabled;
  return inTransaction(core.pool, async (sql) => {
    if (body.domains !== undefined) {
      const wanted = [...new Set(body.domains)];
      for (const domain of wanted) {
        const existing = await store.findProviderByDomain(sql, domain);
        if (existing && existing.id !== provider.id) {
          throw badRequest(
            ErrorCode.sso_domain_already_exists,
            `SSO domain '${domain}' already assigned to another provider (${existing.id})`,
          );
        }
        if (!existing) await store.insertDomain(sql, provider.id, domain);
      }
      for (const domain of provider.domains)
        if (!wanted.includes(domain)) await store.deleteDomain(sql, provider.id, domain);
    }
    await store.updateProviderRow(sql, next);
    const updated = await store.findProviderById(sql, provider.id);
    if (!updated) throw internal("SSO provider vanished during update");
    return updated;
  });
}
