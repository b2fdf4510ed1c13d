import { generateKeyPair, SignJWT, type JWTPayload } from "jose";
import type { StackHandle } from "../../src/index.ts";

/** A user-like access token signed by the stack's own key, with overridable claims. */
export function signWithStackKey(stack: StackHandle, claims: JWTPayload): Promise<string> {
  return stack.keys.sign(claims);
}

/** The same token shape, signed by a key the stack has never seen (same kid, so only the signature is wrong). */
export async function signWithForeignKey(stack: StackHandle, claims: JWTPayload): Promise<string> {
  const { privateKey } = await generateKeyPair("ES256");
  const kid = stack.keys.signingKeys[0]?.kid ?? "unknown";
  return new SignJWT(claims).setProtectedHeader({ alg: "ES256", typ: "JWT", kid }).sign(privateKey);
}

/** An unsigned `alg: none` token. */
export function unsignedToken(claims: JWTPayload): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
