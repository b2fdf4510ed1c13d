// verify_jwt in front of a function, as `supabase start` does it: Kong first rewrites
// Authorization (cli internal/start/start.go BearerToken), then the main service checks it
// (cli serve/templates/main.ts getAuthToken + verifyHybridJWT).
import { decodeJwt } from "jose";
import { safeEqual, verifyJwt, type KeyRing } from "../gateway/index.ts";
import { unauthorized } from "./function-errors.ts";

export interface KongAuthorization {
  /** The Authorization header the function sees, or undefined when there is none. */
  header: string | undefined;
  /** True when the header was made from the publishable/secret API key (local-only convenience). */
  mappedFromApiKey: boolean;
}

/**
 * Kong's rule: keep an Authorization that does not start with `Bearer sb_`; else the secret key
 * becomes `Bearer <service_role JWT>`, the publishable key `Bearer <anon JWT>`, else the apikey
 * header itself (a legacy JWT key, copied without "Bearer ").
 * @example kongAuthorization(ring, { authorization: undefined, apikey: ring.publishableKey }).header // "Bearer <anon JWT>"
 */
export function kongAuthorization(
  ring: KeyRing,
  headers: { authorization?: string; apikey?: string },
): KongAuthorization {
  const { authorization, apikey } = headers;
  if (authorization !== undefined && authorization !== "" && !authorization.startsWith("Bearer sb_")) {
    return { header: authorization, mappedFromApiKey: false };
  }
  if (apikey !== undefined && safeEqual(apikey, ring.secretKey))
    return { header: `Bearer ${ring.serviceRoleKey}`, mappedFromApiKey: true };
  if (apikey === ring.publishableKey) return { header: `Bearer ${ring.anonKey}`, mappedFromApiKey: true };
  return { header: apikey === "" ? undefined : apikey, mappedFromApiKey: false };
}

/**
 * The main service's check: `Bearer <token>` (exact word, one space), an HS256 token verified with
 * the JWT secret or an ES256/RS256 token with the JWKS, expiry enforced, no role or audience check.
 * Returns the 401 to answer, or undefined when the request may reach the function.
 */
export async function checkFunctionJwt(
  ring: KeyRing,
  authorization: string | undefined,
): Promise<Response | undefined> {
  if (authorization === undefined || authorization === "") return unauthorized("Error: Missing authorization header");
  const [scheme, token] = authorization.split(" ");
  if (scheme !== "Bearer") return unauthorized("Error: Auth header is not 'Bearer {token}'");
  const now = Date.now() / 1000;
  const verified = await verifyJwt(ring, token ?? "", now);
  // jose's jwtVerify (used upstream, without maxTokenAge) never rejects a future `iat`; that failure
  // comes after the signature, exp and nbf have passed.
  const claims = verified.ok
    ? verified.claims
    : verified.failure.kind === "issued_in_future"
      ? decodeJwt(token ?? "")
      : undefined;
  // jose allows no clock skew on exp, unlike the gateway's 30 s.
  const expired = claims !== undefined && typeof claims.exp === "number" && claims.exp <= Math.floor(now);
  return claims !== undefined && !expired ? undefined : unauthorized("Invalid JWT");
}
