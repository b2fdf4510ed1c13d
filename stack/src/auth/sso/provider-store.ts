import { randomUUID } from "node:crypto";
import type { Sql } from "../users/user-queries.ts";

/** GoTrue's SAMLAttributeMapping (auth: internal/models/sso.go): `{keys: {claim: {name, names, default, array}}}`. */
export interface AttributeMapping {
  keys?: Record<string, { name?: string; names?: string[]; default?: unknown; array?: boolean }>;
}

/** An SSO provider with its SAML connection and domains, as the tables hold it. */
export interface SsoProvider {
  id: string;
  resource_id: string | null;
  disabled: boolean | null;
  created_at: Date;
  updated_at: Date;
  entity_id: string;
  metadata_xml: string;
  metadata_url: string | null;
  attribute_mapping: AttributeMapping | null;
  name_id_format: string | null;
  domains: string[];
}

const SELECT = `select p.id, p.resource_id, p.disabled, p.created_at, p.updated_at,
    s.entity_id, s.metadata_xml, s.metadata_url, s.attribute_mapping, s.name_id_format,
    coalesce((select array_agg(d.domain order by d.created_at, d.domain) from auth.sso_domains d where d.sso_provider_id = p.id), '{}') as domains
  from auth.sso_providers p join auth.saml_providers s on s.sso_provider_id = p.id`;

async function one(sql: Sql, where: string, value: string): Promise<SsoProvider | undefined> {
  const { rows } = await sql.query<SsoProvider>(`${SELECT} where ${where} limit 1`, [value]);
  return rows[0];
}

export const findProviderById = (sql: Sql, id: string) => one(sql, "p.id = $1::uuid", id);
export const findProviderByResourceId = (sql: Sql, resourceId: string) => one(sql, "p.resource_id = $1", resourceId);
export const findProviderByEntityId = (sql: Sql, entityId: string) => one(sql, "s.entity_id = $1", entityId);
export const findProviderByDomain = (sql: Sql, domain: string) =>
  one(sql, "p.id = (select sso_provider_id from auth.sso_domains where lower(domain) = lower($1) limit 1)", domain);

/** All providers, optionally filtered by `resource_id` or `resource_id_prefix` (GoTrue's list filters). */
export async function listProviders(
  sql: Sql,
  filter: { resourceId?: string; resourceIdPrefix?: string },
): Promise<SsoProvider[]> {
  if (filter.resourceId)
    return (
      await sql.query<SsoProvider>(`${SELECT} where p.resource_id = $1 order by p.created_at`, [filter.resourceId])
    ).rows;
  if (filter.resourceIdPrefix) {
    return (
      await sql.query<SsoProvider>(`${SELECT} where p.resource_id like $1 order by p.created_at`, [
        `${filter.resourceIdPrefix}%`,
      ])
    ).rows;
  }
  return (await sql.query<SsoProvider>(`${SELECT} order by p.created_at`)).rows;
}

export interface NewProvider {
  entityId: string;
  metadataXml: string;
  metadataUrl: string | null;
  attributeMapping: AttributeMapping;
  nameIdFormat: string | null;
  resourceId: string | null;
  disabled: boolean | null;
  domains: string[];
}

export async function insertProvider(sql: Sql, input: NewProvider): Promise<string> {
  const id = randomUUID();
  await sql.query(
    "insert into auth.sso_providers (id, resource_id, disabled, created_at, updated_at) values ($1, $2, $3, now(), now())",
    [id, input.resourceId, input.disabled],
  );
  await sql.query(
    `insert into auth.saml_providers (id, sso_provider_id, entity_id, metadata_xml, metadata_url, attribute_mapping, name_id_format, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
    [
      randomUUID(),
      id,
      input.entityId,
      input.metadataXml,
      input.metadataUrl,
      JSON.stringify(input.attributeMapping),
      input.nameIdFormat,
    ],
  );
  for (const domain of input.domains) await insertDomain(sql, id, domain);
  return id;
}

export async function insertDomain(sql: Sql, providerId: string, domain: string): Promise<void> {
  await sql.query(
    "insert into auth.sso_domains (id, sso_provider_id, domain, created_at, updated_at) values ($1, $2, $3, now(), now())",
    [randomUUID(), providerId, domain],
  );
}

export async function deleteDomain(sql: Sql, providerId: string, domain: string): Promise<void> {
  await sql.query("delete from auth.sso_domains where sso_provider_id = $1 and domain = $2", [providerId, domain]);
}

export async function updateProviderRow(sql: Sql, provider: SsoProvider): Promise<void> {
  await sql.query("update auth.sso_providers set resource_id = $2, disabled = $3, updated_at = now() where id = $1", [
    provider.id,
    provider.resource_id,
    provider.disabled,
  ]);
  await sql.query(
    `update auth.saml_providers set metadata_xml = $2, metadata_url = $3, attribute_mapping = $4, name_id_format = $5, updated_at = now()
     where sso_provider_id = $1`,
    [
      provider.id,
      provider.metadata_xml,
      provider.metadata_url,
      JSON.stringify(provider.attribute_mapping ?? {}),
      provider.name_id_format,
    ],
  );
}

export async function deleteProvider(sql: Sql, id: string): Promise<void> {
  await sql.query("delete from auth.sso_providers where id = $1", [id]);
}
