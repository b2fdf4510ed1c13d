import type { SsoProvider } from "./provider-store.ts";

/**
 * An SSO provider as GoTrue serialises it (auth: internal/models/sso.go): `disabled` is null until
 * set, `resource_id` only when set, `saml.metadata_xml` omitted in lists, `attribute_mapping` always
 * an object, `domains` as `[{domain}]`.
 */
export function providerJson(provider: SsoProvider, options: { withMetadataXml: boolean } = { withMetadataXml: true }) {
  const mapping = provider.attribute_mapping ?? {};
  return {
    id: provider.id,
    ...(provider.resource_id !== null ? { resource_id: provider.resource_id } : {}),
    disabled: provider.disabled,
    saml: {
      entity_id: provider.entity_id,
      ...(options.withMetadataXml && provider.metadata_xml !== "" ? { metadata_xml: provider.metadata_xml } : {}),
      ...(provider.metadata_url !== null ? { metadata_url: provider.metadata_url } : {}),
      attribute_mapping: mapping.keys && Object.keys(mapping.keys).length > 0 ? { keys: mapping.keys } : {},
      ...(provider.name_id_format !== null ? { name_id_format: provider.name_id_format } : {}),
    },
    domains: provider.domains.map((domain) => ({ domain })),
    created_at: provider.created_at.toISOString(),
    updated_at: provider.updated_at.toISOString(),
  };
}

export const isProviderEnabled = (provider: SsoProvider) => provider.disabled !== true;
