import { randomUUID } from "node:crypto";
import type { Sql } from "../users/user-queries.ts";
import type { AuthMethod, ClientRegistration, ClientType } from "./client-input.ts";

/** A row of auth.oauth_clients. */
export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: "dynamic" | "manual";
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  client_type: ClientType;
  token_endpoint_auth_method: AuthMethod | null;
  created_at: Date;
  updated_at: Date;
}

/** GoTrue stores the lists comma-separated. */
export const listOf = (value: string): string[] => value.split(",").filter((item) => item !== "");

export async function insertClient(
  sql: Sql,
  registration: ClientRegistration,
  registrationType: "dynamic" | "manual",
  secretHash: string | null,
): Promise<OAuthClientRow> {
  const { rows } = await sql.query<OAuthClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types, client_name,
       client_uri, logo_uri, client_type, token_endpoint_auth_method)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
    [
      randomUUID(),
      secretHash,
      registrationType,
      registration.redirectUris.join(","),
      registration.grantTypes.join(","),
      registration.clientName,
      registration.clientUri,
      registration.logoUri,
      registration.clientType,
      registration.authMethod,
    ],
  );
  return rows[0] as OAuthClientRow;
}

/** A client that is not deleted, or undefined. */
export async function findClient(sql: Sql, id: string): Promise<OAuthClientRow | undefined> {
  const { rows } = await sql.query<OAuthClientRow>(
    "select * from auth.oauth_clients where id = $1 and deleted_at is null",
    [id],
  );
  return rows[0];
}

export async function listClients(sql: Sql): Promise<OAuthClientRow[]> {
  const { rows } = await sql.query<OAuthClientRow>(
    "select * from auth.oauth_clients where deleted_at is null order by created_at desc",
  );
  return rows;
}

/** Sets the given columns (names fixed by the caller, never from input) and `updated_at`. */
export async function updateClient(
  sql: Sql,
  id: string,
  changes: Partial<
    Pick<
      OAuthClientRow,
      | "redirect_uris"
      | "grant_types"
      | "client_name"
      | "client_uri"
      | "logo_uri"
      | "token_endpoint_auth_method"
      | "client_secret_hash"
      | "client_type"
    >
  >,
): Promise<OAuthClientRow> {
  const current = await findClient(sql, id);
  const next = { ...current, ...changes } as OAuthClientRow;
  const { rows } = await sql.query<OAuthClientRow>(
    `update auth.oauth_clients set redirect_uris = $2, grant_types = $3, client_name = $4, client_uri = $5, logo_uri = $6,
       token_endpoint_auth_method = $7, client_secret_hash = $8, client_type = $9, updated_at = now()
     where id = $1 returning *`,
    [
      id,
      next.redirect_uris,
      next.grant_types,
      next.client_name,
      next.client_uri,
      next.logo_uri,
      next.token_endpoint_auth_method,
      next.client_secret_hash,
      next.client_type,
    ],
  );
  return rows[0] as OAuthClientRow;
}

/** GoTrue soft-deletes a client (`deleted_at`); it then is "not found" everywhere. */
export async function deleteClient(sql: Sql, id: string): Promise<void> {
  await sql.query("update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1", [id]);
}

/** The method the client authenticates with at /oauth/token (older rows: by client type). */
export const authMethodOf = (client: OAuthClientRow): AuthMethod =>
  client.token_endpoint_auth_method ?? (client.client_type === "public" ? "none" : "client_secret_basic");
