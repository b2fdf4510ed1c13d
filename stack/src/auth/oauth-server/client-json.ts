import { authMethodOf, listOf, type OAuthClientRow } from "./client-store.ts";

/** A client as GoTrue answers it (oauthServerClientToResponse); the secret only when just issued. */
export function clientJson(client: OAuthClientRow, secret?: string): Record<string, unknown> {
  const json: Record<string, unknown> = {
    client_id: client.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: client.client_type,
    redirect_uris: listOf(client.redirect_uris),
    token_endpoint_auth_method: authMethodOf(client),
    grant_types: listOf(client.grant_types),
    response_types: ["code"],
    registration_type: client.registration_type,
    created_at: client.created_at,
    updated_at: client.updated_at,
  };
  if (client.client_name) json.client_name = client.client_name;
  if (client.client_uri) json.client_uri = client.client_uri;
  if (client.logo_uri) json.logo_uri = client.logo_uri;
  return json;
}
