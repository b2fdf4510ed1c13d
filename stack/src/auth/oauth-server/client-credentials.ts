// Client authentication at /oauth/token (GoTrue oauthserver auth.go ExtractClientCredentials and
// middleware.go requireOAuthClientAuth): HTTP Basic (client_secret_basic), or client_id and
// client_secret in the body (client_secret_post, or none for a public client). The method used must
// be the one the client registered, and a confidential client's secret must match.
import { badRequest, ErrorCode } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import type { Sql } from "../users/user-queries.ts";
import { clientSecretMatches } from "./client-secret.ts";
import { authMethodOf, findClient, type OAuthClientRow } from "./client-store.ts";
import type { AuthMethod } from "./client-input.ts";

interface Credentials {
  clientId: string;
  secret: string;
  method: AuthMethod;
}

const invalid = (detail: string) => badRequest(ErrorCode.invalid_credentials, `Invalid client credentials: ${detail}`);

/** Reads the credentials from the Authorization header or the already parsed body. */
export function readCredentials(authorization: string | undefined, body: Record<string, string>): Credentials {
  if (authorization?.startsWith("Basic ")) {
    const decoded = Buffer.from(authorization.slice("Basic ".length), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon === -1) throw invalid("invalid basic auth format");
    return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1), method: "client_secret_basic" };
  }
  const clientId = body.client_id ?? "";
  if (clientId === "") throw invalid("client_id is required");
  const secret = body.client_secret ?? "";
  return { clientId, secret, method: secret === "" ? "none" : "client_secret_post" };
}

/** The authenticated client, or 400 `invalid_credentials` with GoTrue's reason. */
export async function authenticateClient(sql: Sql, credentials: Credentials): Promise<OAuthClientRow> {
  if (!isUuid(credentials.clientId)) throw badRequest(ErrorCode.invalid_credentials, "Invalid client_id format");
  const client = await findClient(sql, credentials.clientId);
  if (!client) throw badRequest(ErrorCode.invalid_credentials, "Invalid client credentials");
  const registered = authMethodOf(client);
  if (credentials.method !== registered)
    throw badRequest(
      ErrorCode.invalid_credentials,
      `invalid authentication method: client is registered for '${registered}' but '${credentials.method}' was used`,
    );
  if (client.client_type === "public") {
    if (credentials.secret !== "")
      throw badRequest(ErrorCode.invalid_credentials, "public clients must not provide client_secret");
    return client;
  }
  if (credentials.secret === "")
    throw badRequest(ErrorCode.invalid_credentials, "confidential clients must provide client_secret");
  if (!clientSecretMatches(credentials.secret, client.client_secret_hash))
    throw badRequest(ErrorCode.invalid_credentials, "invalid client credentials");
  return client;
}
