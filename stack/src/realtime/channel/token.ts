import { decodeJwt, decodeProtectedHeader } from "jose";
import { verifyJwt, type KeyRing } from "../../gateway/index.ts";
import {
  badSignature,
  claimsMissing,
  malformedJwt,
  noSigner,
  noSignerForKid,
  tokenExpired,
  type RealtimeError,
} from "../errors.ts";

export type Claims = Record<string, unknown> & { role: string; exp: number };

export type TokenCheck = { ok: true; claims: Claims } | { ok: false; error: RealtimeError };

/**
 * Verifies a channel token as upstream's `jwt_verification.ex` does: whitespace stripped, signature,
 * then `role` and `exp` required and `exp` strictly in the future (no leeway: upstream reports
 * "Token has expired N seconds ago" as soon as it passes).
 */
export async function checkToken(keys: KeyRing, raw: string, nowMs = Date.now()): Promise<TokenCheck> {
  const token = raw.replace(/\s+/g, "");
  const now = Math.floor(nowMs / 1000);
  const verified = await verifyJwt(keys, token, nowMs / 1000);
  let claims: Record<string, unknown>;
  if (verified.ok) claims = verified.claims;
  else {
    switch (verified.failure.kind) {
      case "expired": {
        // The signature verified before the time claims were looked at.
        const exp = Number(decodeJwt(token).exp);
        return { ok: false, error: tokenExpired(now - exp) };
      }
      case "no_key":
        return { ok: false, error: unknownKid(keys, token) ?? badSignature() };
      // Upstream validates only `exp` and the type of `iat` (jwt_verification.ex): a token not yet
      // valid or issued in the future still joins. Its signature has verified (time claims come after).
      case "not_yet_valid":
      case "issued_in_future":
        claims = decodeJwt(token);
        break;
      case "alg":
        return { ok: false, error: noSigner() };
      case "claim_type":
        return { ok: false, error: claimsMissing() };
      default:
        return { ok: false, error: malformedJwt() };
    }
  }
  const { role, exp } = claims;
  if (typeof role !== "string" || role === "" || typeof exp !== "number") return { ok: false, error: claimsMissing() };
  if (exp <= now) return { ok: false, error: tokenExpired(now - exp) };
  return { ok: true, claims: claims as Claims };
}

/** Upstream picks an asymmetric key by `kid` and has no signer when the JWKS lacks it. */
function unknownKid(keys: KeyRing, token: string): RealtimeError | undefined {
  const { alg, kid } = decodeProtectedHeader(token);
  if (typeof kid !== "string" || typeof alg !== "string" || alg.startsWith("HS")) return undefined;
  return keys.signingKeys.some((key) => key.kid === kid) ? undefined : noSignerForKid(kid);
}

/** Upstream re-verifies every min(5 min, time to `exp`). */
export function msUntilRecheck(claims: Claims, nowMs = Date.now()): number {
  return Math.max(0, Math.min(5 * 60_000, claims.exp * 1000 - nowMs + 1));
}
