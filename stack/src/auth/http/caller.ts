import { decodeJwt } from "jose";
import { ErrorCode, AuthError, forbidden, notAdmin, unauthorized, userBanned } from "../errors.ts";
import type { AuthCore } from "../core.ts";
import { findSession, type SessionRow } from "../sessions/session-store.ts";
import { findUserById } from "../users/user-queries.ts";
import { isBanned, type UserRow } from "../users/user-row.ts";
import { isBearerCredential } from "./bearer-header.ts";
import { authCallFromContext, type AuthCall } from "./auth-call.ts";
import type { AuthContext } from "./route.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);

export interface Caller {
  user: UserRow;
  session: SessionRow | undefined;
  claims: Record<string, unknown>;
}

function verifiedClaims(c: Pick<AuthCall, "header" | "auth">): Record<string, unknown> {
  // A header the client sent must be `bearer <token>`; with none at all the gateway's key mapping
  // (as the CLI's Kong) decides. That mapping turns the publishable and secret keys into
  // `Bearer <anon|service_role JWT>` but hands any other `apikey` (a legacy JWT key) to Auth as the
  // raw header value, without `Bearer ` (kong.yml `{{ .BearerToken }}` falls back to
  // `headers.apikey`), so GoTrue's extractBearerToken finds no token there.
  const header = c.header("authorization");
  const auth = c.auth;
  if (header === undefined ? auth.keyKind === "legacy_jwt" : !isBearerCredential(header))
    throw unauthorized(ErrorCode.no_authorization, "This endpoint requires a valid Bearer token");
  // GoTrue parses with golang-jwt v5 without WithIssuedAt, so `iat` is never checked: a token whose
  // signature, exp and nbf pass is accepted even if "issued in the future".
  if (!auth.ok && auth.failure.kind === "issued_in_future") return decodeJwt(auth.token);
  if (!auth.ok)
    throw forbidden(ErrorCode.bad_jwt, `invalid JWT: unable to parse or verify signature, ${auth.failure.message}`);
  if (auth.token === null)
    throw unauthorized(ErrorCode.no_authorization, "This endpoint requires a valid Bearer token");
  return auth.claims;
}

/**
 * The signed-in user behind the bearer token, checked as GoTrue's requireAuthentication does:
 * bad token 403 `bad_jwt`, no sub 403, unknown user 403 `user_not_found`, gone
 * session 403 `session_not_found`, banned 403 `user_banned`.
 */
export function requireUser(c: AuthContext, core: AuthCore): Promise<Caller> {
  return requireCallingUser(authCallFromContext(c), core);
}

/** {@link requireUser} for an endpoint served on both gateway paths. */
export async function requireCallingUser(call: AuthCall, core: AuthCore): Promise<Caller> {
  const claims = verifiedClaims(call);
  const sub = claims.sub;
  if (typeof sub !== "string" || sub === "") throw forbidden(ErrorCode.bad_jwt, "invalid claim: missing sub claim");
  if (!UUID.test(sub)) throw new AuthError(400, ErrorCode.bad_jwt, "invalid claim: sub claim must be a UUID");
  const user = await findUserById(core.pool, sub);
  if (!user) throw forbidden(ErrorCode.user_not_found, "User from sub claim in JWT does not exist");
  let session: SessionRow | undefined;
  if (typeof claims.session_id === "string" && claims.session_id !== "") {
    session = UUID.test(claims.session_id) ? await findSession(core.pool, claims.session_id) : undefined;
    if (!session || session.user_id !== user.id) {
      throw forbidden(ErrorCode.session_not_found, "Session from session_id claim in JWT does not exist");
    }
  }
  if (isBanned(user)) throw userBanned(403);
  return { user, session, claims };
}

/** Admin endpoints: the token's role must be an admin role (403 `not_admin` "User not allowed"). */
export function requireAdmin(c: AuthContext): Record<string, unknown> {
  const claims = verifiedClaims(authCallFromContext(c));
  if (typeof claims.role !== "string" || !ADMIN_ROLES.has(claims.role)) throw notAdmin();
  return claims;
}

/** True when the (valid) token carries an admin role; used where admins may do more (PUT /user app_metadata). */
export function isAdminToken(c: AuthContext): boolean {
  const auth = c.get("auth");
  return auth.ok && ADMIN_ROLES.has(auth.role);
}

export const isUuid = (value: string) => UUID.test(value);

/**
 * `/factors` callers: a signed-in, non-anonymous user (GoTrue's requireNotAnonymous: 403
 * `no_authorization` "Anonymous user not allowed to perform these actions").
 */
export async function requireNonAnonymousUser(c: AuthContext, core: AuthCore): Promise<Caller> {
  const caller = await requireUser(c, core);
  if (caller.claims.is_anonymous === true)
    throw forbidden(ErrorCode.no_authorization, "Anonymous user not allowed to perform these actions");
  return caller;
}
