import type { Context } from "hono";
import { decodeJwt } from "jose";
import type { GatewayEnv, JwtFailure } from "../gateway/index.ts";
import { errors } from "./errors.ts";

/** Who a storage request acts for: the verified JWT's role and claims, and the owner it records. */
export interface StorageCaller {
  role: string;
  claims: Record<string, unknown>;
  token: string | null;
  /** JWT `sub` (objects.owner_id); `owner` (uuid) only when it is a UUID. */
  ownerId: string | undefined;
}

export type AuthMode =
  /** JWT mandatory (storage's `authorization` header schema). */
  | "required"
  /** Missing or invalid JWT = anonymous (storage's `allowInvalidJwt` routes). */
  | "optional";

const ANONYMOUS: StorageCaller = { role: "anon", claims: {}, token: null, ownerId: undefined };

/**
 * The caller of a storage route, or the storage error upstream answers for a missing/invalid token.
 * @example const caller = requireCaller(c, "required");
 */
export function requireCaller(c: Context<GatewayEnv>, mode: AuthMode): StorageCaller {
  const auth = c.get("auth");
  // Storage verifies with jose's jwtVerify without maxTokenAge, which never rejects a future `iat`
  // (its signature, exp and nbf have passed when the gateway reports this failure).
  if (!auth.ok && auth.failure.kind === "issued_in_future") {
    const claims = decodeJwt(auth.token);
    const role = typeof claims.role === "string" && claims.role !== "" ? claims.role : "anon";
    return { role, claims, token: auth.token, ownerId: typeof claims.sub === "string" ? claims.sub : undefined };
  }
  if (!auth.ok) {
    if (mode === "optional") return ANONYMOUS;
    throw errors.invalidToken(joseMessage(auth.failure));
  }
  if (auth.token === null) {
    if (mode === "optional") return ANONYMOUS;
    // The CLI's Kong ends up handing storage an empty bearer.
    throw errors.invalidToken("Invalid Compact JWS");
  }
  const sub = typeof auth.claims.sub === "string" ? auth.claims.sub : undefined;
  return { role: auth.role, claims: auth.claims, token: auth.token, ownerId: sub };
}

/** `owner` (deprecated uuid column) is set only when `sub` is a UUID, as upstream does. */
export function ownerUuid(caller: Pick<StorageCaller, "ownerId">): string | null {
  const sub = caller.ownerId;
  return sub !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub) ? sub : null;
}

/** Storage verifies with jose; its messages are what clients see. */
export function joseMessage(failure: JwtFailure): string {
  switch (failure.kind) {
    case "expired":
      return '"exp" claim timestamp check failed';
    case "not_yet_valid":
      return '"nbf" claim timestamp check failed';
    case "issued_in_future":
      return '"iat" claim timestamp check failed';
    case "empty":
    case "parts":
      return "Invalid Compact JWS";
    case "claims":
    case "claim_type":
      return "JWT Claims Set must be a top-level JSON object";
    default:
      return "signature verification failed";
  }
}

/** The service role's identity, used for the steps upstream runs with the service key. */
export const SERVICE_CALLER: StorageCaller = {
  role: "service_role",
  claims: { iss: "supabase-demo", role: "service_role" },
  token: null,
  ownerId: undefined,
};
