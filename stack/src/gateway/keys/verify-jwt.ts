import { compactVerify, decodeProtectedHeader, type JWTPayload } from "jose";
import type { ImportedKey, KeyRing } from "./key-ring.ts";
import { cachedClaims, forgetClaims, rememberClaims } from "./verified-token-cache.ts";

/** Why a bearer token was refused; messages are PostgREST v14's. */
export type JwtFailureKind =
  | "empty"
  | "parts"
  | "no_key"
  | "crypto"
  | "alg"
  | "claims"
  | "expired"
  | "not_yet_valid"
  | "issued_in_future"
  | "claim_type";

export interface JwtFailure {
  kind: JwtFailureKind;
  message: string;
  details?: string;
}

export type JwtVerification =
  { ok: true; claims: JWTPayload & Record<string, unknown> } | { ok: false; failure: JwtFailure };

const SUPPORTED_ALGS = new Set(["HS256", "ES256", "RS256"]);
/** PostgREST and GoTrue both allow 30 s of clock skew on exp/nbf/iat. */
const LEEWAY_SECONDS = 30;

const fail = (kind: JwtFailureKind, message: string, details?: string): JwtVerification => ({
  ok: false,
  failure: details === undefined ? { kind, message } : { kind, message, details },
});

/**
 * Verifies a JWT against every key of the ring: with a `kid`, only the key with that kid may verify
 * it; without one, the HMAC secret and then every asymmetric key are tried. A token that verified
 * before against the same keys skips the signature check (its time claims are still checked now).
 * @example
 *   const result = await verifyJwt(ring, token, Date.now() / 1000);
 *   if (result.ok) use(result.claims.role);
 */
export async function verifyJwt(
  ring: KeyRing,
  token: string,
  nowSeconds = Date.now() / 1000,
): Promise<JwtVerification> {
  if (token === "") return fail("empty", "Empty JWT is sent in Authorization header");
  const known = cachedClaims(ring, token);
  if (known !== undefined) {
    const checked = checkTimeClaims(known, nowSeconds);
    if (!checked.ok) forgetClaims(ring, token);
    return checked;
  }
  const keys = ring.signingKeys;
  const parts = token.split(".");
  if (parts.length !== 3) return fail("parts", `Expected 3 parts in JWT; got ${parts.length}`);
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return fail("crypto", "JWT cryptographic operation failed");
  }
  const alg = typeof header.alg === "string" ? header.alg : "";
  if (!SUPPORTED_ALGS.has(alg)) {
    return fail("alg", "Wrong or unsupported encoding algorithm", `JWT is signed with ${alg || "no"} algorithm`);
  }
  const candidates = candidateKeys(ring, keys, alg, typeof header.kid === "string" ? header.kid : undefined);
  let payloadBytes: Uint8Array | undefined;
  for (const key of candidates) {
    try {
      payloadBytes = (await compactVerify(token, key, { algorithms: [alg] })).payload;
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") {
        if (candidates.length === 1) return fail("crypto", "JWT cryptographic operation failed");
      }
    }
  }
  if (!payloadBytes) {
    return fail("no_key", "No suitable key or wrong key type", "None of the keys was able to decode the JWT");
  }
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(payloadBytes));
  } catch {
    return fail("claims", "Parsing claims failed");
  }
  if (typeof claims !== "object" || claims === null || Array.isArray(claims))
    return fail("claims", "Parsing claims failed");
  const checked = checkTimeClaims(claims as JWTPayload & Record<string, unknown>, nowSeconds);
  return checked.ok ? { ok: true, claims: rememberClaims(ring, keys, token, checked.claims) } : checked;
}

function candidateKeys(
  ring: KeyRing,
  keys: KeyRing["signingKeys"],
  alg: string,
  kid: string | undefined,
): ImportedKey[] {
  const asymmetric = keys.filter((key) => key.alg === alg && (kid === undefined || key.kid === kid));
  if (alg === "HS256") return kid === undefined ? [ring.hmacKey] : [];
  return asymmetric.map((key) => key.publicKey);
}

function checkTimeClaims(claims: JWTPayload & Record<string, unknown>, now: number): JwtVerification {
  for (const name of ["exp", "nbf", "iat"] as const) {
    if (claims[name] !== undefined && typeof claims[name] !== "number") {
      return fail("claim_type", `The JWT '${name}' claim must be a number`);
    }
  }
  if (claims.exp !== undefined && now - LEEWAY_SECONDS >= claims.exp) return fail("expired", "JWT expired");
  if (claims.nbf !== undefined && now + LEEWAY_SECONDS < claims.nbf) return fail("not_yet_valid", "JWT not yet valid");
  if (claims.iat !== undefined && now + LEEWAY_SECONDS < claims.iat)
    return fail("issued_in_future", "JWT issued at future");
  return { ok: true, claims };
}
