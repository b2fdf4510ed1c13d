import { randomBytes, randomUUID } from "node:crypto";
import type { Sql } from "../users/user-queries.ts";

/** A row of auth.oauth_authorizations. */
export interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  resource: string | null;
  code_challenge: string | null;
  code_challenge_method: "s256" | "plain" | null;
  status: "pending" | "approved" | "denied" | "expired";
  authorization_code: string | null;
  expires_at: Date;
  nonce: string | null;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** GoTrue's crypto.SecureAlphanumeric: random letters and digits (rejection sampling keeps them uniform). */
function secureAlphanumeric(length: number): string {
  let result = "";
  while (result.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && result.length < length) result += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return result;
}

export interface NewAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  resource: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  nonce: string;
  ttlSeconds: number;
}

export async function insertAuthorization(sql: Sql, input: NewAuthorization): Promise<AuthorizationRow> {
  const { rows } = await sql.query<AuthorizationRow>(
    `insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state, resource,
       code_challenge, code_challenge_method, nonce, expires_at)
     values ($1, $2, $3, $4, $5, nullif($6, ''), nullif($7, ''), $8, $9::auth.code_challenge_method, nullif($10, ''),
       now() + make_interval(secs => $11))
     returning *`,
    [
      randomUUID(),
      secureAlphanumeric(32),
      input.clientId,
      input.redirectUri,
      input.scope,
      input.state,
      input.resource,
      input.codeChallenge,
      input.codeChallengeMethod.toLowerCase(),
      input.nonce,
      input.ttlSeconds,
    ],
  );
  return rows[0] as AuthorizationRow;
}

/** Locks the authorization for the rest of the transaction. */
export async function lockAuthorization(sql: Sql, authorizationId: string): Promise<AuthorizationRow | undefined> {
  const { rows } = await sql.query<AuthorizationRow>(
    "select * from auth.oauth_authorizations where authorization_id = $1 for update",
    [authorizationId],
  );
  return rows[0];
}

export async function lockAuthorizationByCode(sql: Sql, code: string): Promise<AuthorizationRow | undefined> {
  const { rows } = await sql.query<AuthorizationRow>(
    "select * from auth.oauth_authorizations where authorization_code = $1 and status = 'approved' for update",
    [code],
  );
  return rows[0];
}

export async function setAuthorizationUser(sql: Sql, id: string, userId: string): Promise<void> {
  await sql.query("update auth.oauth_authorizations set user_id = $2 where id = $1", [id, userId]);
}

/** Approves: a fresh single-use authorization code. */
export async function approveAuthorization(sql: Sql, id: string): Promise<AuthorizationRow> {
  const { rows } = await sql.query<AuthorizationRow>(
    `update auth.oauth_authorizations set status = 'approved', approved_at = now(), authorization_code = $2
     where id = $1 returning *`,
    [id, randomBytes(32).toString("base64url")],
  );
  return rows[0] as AuthorizationRow;
}

export async function setAuthorizationStatus(sql: Sql, id: string, status: "denied" | "expired"): Promise<void> {
  await sql.query("update auth.oauth_authorizations set status = $2 where id = $1", [id, status]);
}

/** An exchanged code is gone: codes are single use (GoTrue destroys the row). */
export async function deleteAuthorization(sql: Sql, id: string): Promise<void> {
  await sql.query("delete from auth.oauth_authorizations where id = $1", [id]);
}

export const isExpired = (authorization: AuthorizationRow): boolean => authorization.expires_at.getTime() < Date.now();
