// URL-signing tokens (src/storage/object.ts signObjectUrl, signUploadObjectUrl,
// verifyObjectSignature): HS256 with the project JWT secret, as upstream
// signs when no dedicated URL-signing key is configured.
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { StorageContext } from "./context.ts";
import { errors } from "./errors.ts";

/** The CLI's signed-upload lifetime (storage-js documents "valid for 2 hours"). */
export const UPLOAD_URL_EXPIRY_SECONDS = 7200;

export interface SignedClaims extends JWTPayload {
  url?: string;
  scope?: string;
  upsert?: boolean;
  owner?: string;
  transformations?: string;
  format?: string;
}

export async function signToken(ctx: StorageContext, claims: SignedClaims, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(ctx.keys.hmacKey);
}

/**
 * A download token for `<bucket>/<key>`; `role`, `upsert` and `owner` can never be injected.
 * @example const token = await signDownloadToken(ctx, "avatars/a.png", 60);
 */
export function signDownloadToken(
  ctx: StorageContext,
  url: string,
  expiresIn: number,
  extra: { transformations?: string; format?: string } = {},
): Promise<string> {
  const claims: SignedClaims = {};
  if (extra.transformations) claims.transformations = extra.transformations;
  if (extra.format) claims.format = extra.format;
  return signToken(ctx, { ...claims, url, scope: "download" }, expiresIn);
}

export function signUploadToken(
  ctx: StorageContext,
  url: string,
  owner: string | undefined,
  upsert: boolean,
): Promise<string> {
  const claims: SignedClaims = { url, upsert, scope: "upload" };
  if (owner !== undefined) claims.owner = owner;
  return signToken(ctx, claims, UPLOAD_URL_EXPIRY_SECONDS);
}

/** Verifies a token and its scope/url; failures carry jose's message, as upstream's. */
export async function verifySignedToken(
  ctx: StorageContext,
  token: string | undefined,
  url: string,
  scope: "download" | "upload",
): Promise<SignedClaims> {
  if (!token) throw errors.invalidJwt("Invalid Compact JWS");
  let claims: SignedClaims;
  try {
    claims = (await jwtVerify<SignedClaims>(token, ctx.keys.hmacKey, { algorithms: ["HS256"] })).payload;
  } catch (error) {
    throw errors.invalidJwt(error instanceof joseErrors.JOSEError ? error.message : "Invalid Compact JWS");
  }
  const legacyOk =
    scope === "download"
      ? claims.scope === undefined && claims.upsert === undefined
      : claims.scope === undefined && claims.upsert !== undefined;
  if (claims.scope !== scope && !legacyOk) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== url) throw errors.invalidSignature();
  return claims;
}

/** `expiresIn`: a positive integer number of seconds. */
export function mustBeExpiresIn(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1) throw errors.invalidParameter("expiresIn");
  return n;
}
