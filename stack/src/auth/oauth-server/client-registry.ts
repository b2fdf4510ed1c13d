// The OAuth client registry behind /admin/oauth/clients and /oauth/clients/register (GoTrue
// oauthserver handlers.go and service.go).
import type { z } from "zod";
import { inTransaction } from "../../db/index.ts";
import type { AuthCore } from "../core.ts";
import { badRequest, ErrorCode, notFound, validation } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import {
  checkClientName,
  checkGrantTypes,
  checkOptionalUrl,
  checkRedirectUris,
  toRegistration,
  type registerSchema,
  type updateSchema,
} from "./client-input.ts";
import { clientJson } from "./client-json.ts";
import { hashClientSecret, newClientSecret } from "./client-secret.ts";
import { deleteClient, findClient, insertClient, updateClient, type OAuthClientRow } from "./client-store.ts";

/** The client named in the path: 400 for a malformed id, 404 `oauth_client_not_found` when unknown or deleted. */
export async function loadClient(core: AuthCore, id: string): Promise<OAuthClientRow> {
  if (!isUuid(id)) throw validation("invalid client_id format");
  const client = await findClient(core.pool, id);
  if (!client) throw notFound(ErrorCode.oauth_client_not_found, "OAuth client not found");
  return client;
}

/** Registers a client; a confidential one gets its secret once, in this answer. */
export async function registerClient(
  core: AuthCore,
  body: z.infer<typeof registerSchema>,
  registrationType: "dynamic" | "manual",
): Promise<Record<string, unknown>> {
  const registration = toRegistration(body);
  const secret = registration.clientType === "confidential" ? newClientSecret() : undefined;
  const client = await insertClient(
    core.pool,
    registration,
    registrationType,
    secret ? hashClientSecret(secret) : null,
  );
  return clientJson(client, secret);
}

const VALID_METHODS = { public: ["none"], confidential: ["client_secret_basic", "client_secret_post"] } as const;

/** PUT: only the fields given change; the client type stays, so its auth method must fit it. */
export async function updateRegisteredClient(
  core: AuthCore,
  id: string,
  body: z.infer<typeof updateSchema>,
): Promise<Record<string, unknown>> {
  const client = await loadClient(core, id);
  if (Object.values(body).every((value) => value === undefined)) throw validation("No fields provided for update");
  const changes: Parameters<typeof updateClient>[2] = {};
  if (body.redirect_uris !== undefined) changes.redirect_uris = checkRedirectUris(body.redirect_uris).join(",");
  if (body.grant_types !== undefined) changes.grant_types = checkGrantTypes(body.grant_types).join(",");
  if (body.client_name !== undefined) changes.client_name = checkClientName(body.client_name);
  if (body.client_uri !== undefined) changes.client_uri = checkOptionalUrl("client_uri", body.client_uri);
  if (body.logo_uri !== undefined) changes.logo_uri = checkOptionalUrl("logo_uri", body.logo_uri);
  if (body.token_endpoint_auth_method !== undefined) {
    const valid: readonly string[] = VALID_METHODS[client.client_type];
    const method = body.token_endpoint_auth_method;
    if (!valid.includes(method))
      throw validation(
        `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: [${valid.join(" ")}]`,
      );
    changes.token_endpoint_auth_method = method as OAuthClientRow["token_endpoint_auth_method"];
  }
  return clientJson(await updateClient(core.pool, client.id, changes));
}

/** A new secret for a confidential client; the old one stops working at once. */
export async function regenerateSecret(core: AuthCore, id: string): Promise<Record<string, unknown>> {
  const client = await loadClient(core, id);
  if (client.client_type !== "confidential")
    throw badRequest(ErrorCode.validation_failed, "Cannot regenerate secret for public client");
  const secret = newClientSecret();
  const updated = await updateClient(core.pool, client.id, { client_secret_hash: hashClientSecret(secret) });
  return clientJson(updated, secret);
}

export async function removeClient(core: AuthCore, id: string): Promise<void> {
  const client = await loadClient(core, id);
  await inTransaction(core.pool, (sql) => deleteClient(sql, client.id));
}
