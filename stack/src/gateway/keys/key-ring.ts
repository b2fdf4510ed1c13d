import { createSecretKey, type KeyObject, type webcrypto } from "node:crypto";
import { importJWK, SignJWT, type JWK, type JWTPayload } from "jose";
import { createJwsSigner, type JwsSigner } from "./jws-signer.ts";
import type { StoredSigningKey } from "./key-store.ts";

/** The Supabase CLI's well-known local JWT secret, used when `[auth] jwt_secret` is not set. */
export const DEFAULT_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

/** Claims of the legacy anon/service_role keys, as the CLI mints them (`pkg/config/apikeys.go`). */
const LEGACY_KEY_ISSUER = "supabase-demo";
const LEGACY_KEY_EXPIRY = 1983812996;

/** A key object as jose imports it on Node (KeyObject or WebCrypto CryptoKey). */
export type ImportedKey = KeyObject | webcrypto.CryptoKey;

export interface AsymmetricKey {
  kid: string;
  alg: "ES256" | "RS256";
  publicKey: ImportedKey;
  publicJwk: JWK;
  /** Signs on the calling thread (node:crypto), the same compact JWS jose would write. */
  signToken: JwsSigner;
}

/** Every key the stack signs and verifies with, and the API keys derived from them. */
export interface KeyRing {
  /** Active asymmetric keys; the first one signs. */
  readonly signingKeys: readonly AsymmetricKey[];
  readonly jwtSecret: string;
  readonly hmacKey: KeyObject;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly publishableKey: string;
  readonly secretKey: string;
  /** Public JWKS as `GET /auth/v1/.well-known/jwks.json` serves it (never the HMAC secret). */
  jwks(): { keys: JWK[] };
  /** Signs claims with the current asymmetric key (ES256/RS256, `kid` in the header). */
  sign(claims: JWTPayload): Promise<string>;
  /**
   * Swaps the asymmetric keys while the stack runs (rotation, retirement): from now on the first
   * one signs and only these verify, so tokens of a key that is gone are refused everywhere.
   */
  replaceSigningKeys(keys: readonly StoredSigningKey[]): Promise<void>;
  /** Called after every replaceSigningKeys (e.g. edge-function workers get the new SUPABASE_JWKS). */
  onSigningKeysChange(listener: () => void): void;
}

export interface KeyRingInput {
  signingKeys: StoredSigningKey[];
  jwtSecret: string;
  publishableKey: string;
  secretKey: string;
  /** With `[auth] signing_keys_path`, the CLI signs the legacy keys with the first JWK instead of HS256. */
  legacyKeysUseSigningKey: boolean;
}

/**
 * Builds the key ring.
 * @example
 *   const ring = await createKeyRing({ signingKeys, jwtSecret, publishableKey, secretKey, legacyKeysUseSigningKey:
 * false });
 *   const token = await ring.sign({ sub, role: "authenticated", exp });
 */
export async function createKeyRing(input: KeyRingInput): Promise<KeyRing> {
  const hmacKey = createSecretKey(Buffer.from(input.jwtSecret, "utf8"));
  const listeners: (() => void)[] = [];
  let signingKeys = await importAll(input.signingKeys);
  let current = signingKeys[0] as AsymmetricKey;
  /** With a user JWK set the legacy keys carry the signing kid; they are re-signed only if it goes. */
  const legacyKey = async (role: string) => {
    const claims = { iss: LEGACY_KEY_ISSUER, role, exp: LEGACY_KEY_EXPIRY };
    return input.legacyKeysUseSigningKey
      ? current.signToken(claims)
      : new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(hmacKey);
  };
  let legacyKid = current.kid;
  let [anonKey, serviceRoleKey] = await Promise.all([legacyKey("anon"), legacyKey("service_role")]);
  return {
    get signingKeys() {
      return signingKeys;
    },
    jwtSecret: input.jwtSecret,
    hmacKey,
    get anonKey() {
      return anonKey;
    },
    get serviceRoleKey() {
      return serviceRoleKey;
    },
    publishableKey: input.publishableKey,
    secretKey: input.secretKey,
    jwks: () => ({ keys: signingKeys.map((key) => key.publicJwk) }),
    sign: async (claims) => current.signToken(claims),
    async replaceSigningKeys(keys) {
      const next = await importAll(keys);
      signingKeys = next;
      current = next[0] as AsymmetricKey;
      if (input.legacyKeysUseSigningKey && !next.some((key) => key.kid === legacyKid)) {
        legacyKid = current.kid;
        [anonKey, serviceRoleKey] = await Promise.all([legacyKey("anon"), legacyKey("service_role")]);
      }
      for (const listener of listeners) listener();
    },
    onSigningKeysChange: (listener) => void listeners.push(listener),
  };
}

async function importAll(stored: readonly StoredSigningKey[]): Promise<AsymmetricKey[]> {
  const keys = await Promise.all(stored.map(importAsymmetricKey));
  if (keys.length === 0) throw new Error("the stack needs at least one signing key");
  return keys;
}

async function importAsymmetricKey(stored: StoredSigningKey): Promise<AsymmetricKey> {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...publicPart } = stored;
  const publicJwk: JWK = { ...publicPart, kid: stored.kid, alg: stored.alg, use: "sig", key_ops: ["verify"] };
  const publicKey = await importJWK(publicJwk, stored.alg);
  if (publicKey instanceof Uint8Array) throw new Error(`signing key ${stored.kid} is not an asymmetric key`);
  return { kid: stored.kid, alg: stored.alg, publicKey, publicJwk, signToken: createJwsSigner(stored) };
}
