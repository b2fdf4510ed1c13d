// The consent step (GoTrue oauthserver authorize.go OAuthServerGetAuthorization and
// OAuthServerConsent): the signed-in user reads the pending authorization (it becomes theirs) and
// approves or denies it. Another user's authorization, or an expired one, is "not found".
import { randomUUID } from "node:crypto";
import { inTransaction } from "../../db/index.ts";
import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound, validation, type AuthError } from "../errors.ts";
import type { UserRow } from "../users/user-row.ts";
import type { Sql } from "../users/user-queries.ts";
import {
  approveAuthorization,
  isExpired,
  lockAuthorization,
  setAuthorizationStatus,
  setAuthorizationUser,
  type AuthorizationRow,
} from "./authorization-store.ts";
import { findClient } from "./client-store.ts";
import { withQuery } from "./redirect-uri.ts";

const authorizationNotFound = () => notFound(ErrorCode.oauth_authorization_not_found, "authorization not found");

/** Locks a pending, unexpired authorization; an expired one is marked so (and the mark committed). */
async function pendingAuthorization(sql: Sql, authorizationId: string, notPending: string): Promise<AuthorizationRow> {
  const authorization = await lockAuthorization(sql, authorizationId);
  if (!authorization) throw authorizationNotFound();
  if (isExpired(authorization)) {
    if (authorization.status === "pending") await setAuthorizationStatus(sql, authorization.id, "expired");
    throw new CommittedError(authorizationNotFound());
  }
  if (authorization.status !== "pending") throw validation(notPending);
  return authorization;
}

/** An error whose transaction still commits (GoTrue's storage.NewCommitWithError). */
class CommittedError extends Error {
  constructor(readonly error: AuthError) {
    super(error.message);
  }
}

async function committing<T>(core: AuthCore, work: (sql: Sql) => Promise<T>): Promise<T> {
  let failure: AuthError | undefined;
  const result = await inTransaction(core.pool, async (sql) => {
    try {
      return await work(sql);
    } catch (error) {
      if (!(error instanceof CommittedError)) throw error;
      failure = error.error;
      return undefined;
    }
  });
  if (failure) throw failure;
  return result as T;
}

const successRedirect = (authorization: AuthorizationRow) =>
  withQuery(authorization.redirect_uri, {
    code: authorization.authorization_code ?? undefined,
    state: authorization.state ?? undefined,
  });

const scopeList = (scope: string) => scope.split(" ").filter((item) => item !== "");

/** GET /oauth/authorizations/{id}: the details to show, or `{redirect_url}` when an earlier consent covers it. */
export async function authorizationDetails(
  core: AuthCore,
  user: UserRow,
  authorizationId: string,
): Promise<Record<string, unknown>> {
  return committing(core, async (sql) => {
    let authorization = await pendingAuthorization(sql, authorizationId, "authorization request cannot be processed");
    if (authorization.user_id === null) {
      await setAuthorizationUser(sql, authorization.id, user.id);
      const { rows } = await sql.query<{ scopes: string }>(
        "select scopes from auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null",
        [user.id, authorization.client_id],
      );
      const granted = new Set(scopeList(rows[0]?.scopes ?? ""));
      if (rows[0] && scopeList(authorization.scope).every((scope) => granted.has(scope))) {
        authorization = await approveAuthorization(sql, authorization.id);
        return { redirect_url: successRedirect(authorization) };
      }
    } else if (authorization.user_id !== user.id) {
      throw authorizationNotFound();
    }
    const client = await findClient(sql, authorization.client_id);
    if (!client) throw authorizationNotFound();
    return {
      authorization_id: authorization.authorization_id,
      redirect_uri: authorization.redirect_uri,
      client: {
        id: client.id,
        ...(client.client_name ? { name: client.client_name } : {}),
        ...(client.client_uri ? { uri: client.client_uri } : {}),
        ...(client.logo_uri ? { logo_uri: client.logo_uri } : {}),
      },
      user: { id: user.id, ...(user.email ? { email: user.email } : {}) },
      scope: authorization.scope,
    };
  });
}

/** POST /oauth/authorizations/{id}/consent: `{redirect_url}` with the code, or with `error=access_denied`. */
export async function decideAuthorization(
  core: AuthCore,
  user: UserRow,
  authorizationId: string,
  action: "approve" | "deny",
): Promise<{ redirect_url: string }> {
  return committing(core, async (sql) => {
    const authorization = await pendingAuthorization(
      sql,
      authorizationId,
      "authorization request is no longer pending",
    );
    if (authorization.user_id !== user.id) throw authorizationNotFound();
    if (action === "deny") {
      await setAuthorizationStatus(sql, authorization.id, "denied");
      return {
        redirect_url: withQuery(authorization.redirect_uri, {
          error: "access_denied",
          error_description: "User denied the request",
          state: authorization.state ?? undefined,
        }),
      };
    }
    const approved = await approveAuthorization(sql, authorization.id);
    await sql.query(
      `insert into auth.oauth_consents (id, user_id, client_id, scopes) values ($1, $2, $3, $4)
       on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
      [randomUUID(), user.id, authorization.client_id, scopeList(authorization.scope).join(" ")],
    );
    return { redirect_url: successRedirect(approved) };
  });
}
