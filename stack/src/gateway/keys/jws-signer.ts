// Compact JWS signing on the calling thread with node:crypto. jose signs through WebCrypto, whose
// job round trip costs about three times the signature itself; a token refresh signs once per
// request, so this is on the hot path. The output is the same compact JWS jose writes: header
// `{"alg","typ":"JWT","kid"}` in that order, the claims as JSON, base64url without padding; ES256
// signatures in the JWS (IEEE P1363) form, RS256 as RSASSA-PKCS1-v1_5 with SHA-256.

import { createPrivateKey, sign, type KeyObject, type SignKeyObjectInput } from "node:crypto";
import type { JWTPayload } from "jose";
import type { StoredSigningKey } from "./key-store.ts";

/** Signs a claims object into a compact JWS (`header.payload.signature`). */
export type JwsSigner = (claims: JWTPayload) => string;

/**
 * A signer for a stored private JWK; throws when the key does not fit its `alg` (ES256 needs a
 * P-256 EC key, RS256 an RSA key of at least 2048 bits, as jose requires).
 * @example const signToken = createJwsSigner(stored); const jwt = signToken({ sub, role: "authenticated", exp });
 */
export function createJwsSigner(stored: StoredSigningKey): JwsSigner {
  const key = privateKeyFor(stored);
  const header = base64url(JSON.stringify({ alg: stored.alg, typ: "JWT", kid: stored.kid }));
  const options: SignKeyObjectInput = stored.alg === "ES256" ? { key, dsaEncoding: "ieee-p1363" } : { key };
  return (claims) => {
    if (typeof claims !== "object" || claims === null || Array.isArray(claims))
      throw new TypeError("JWT Claims Set MUST be an object");
    const signingInput = `${header}.${base64url(JSON.stringify(claims))}`;
    return `${signingInput}.${sign("sha256", Buffer.from(signingInput), options).toString("base64url")}`;
  };
}

function privateKeyFor(stored: StoredSigningKey): KeyObject {
  const { key_ops: _ops, ...jwk } = stored;
  const key = createPrivateKey({ key: jwk, format: "jwk" });
  const details = key.asymmetricKeyDetails;
  const fits =
    stored.alg === "ES256"
      ? key.asymmetricKeyType === "ec" && details?.namedCurve === "prime256v1"
      : key.asymmetricKeyType === "rsa" && (details?.modulusLength ?? 0) >= 2048;
  if (!fits) throw new Error(`signing key ${stored.kid} is not a valid ${stored.alg} private key`);
  return key;
}

const base64url = (text: string) => Buffer.from(text).toString("base64url");
