import { createPublicKey, randomUUID } from "node:crypto";
import { generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";
import type { TestStack } from "../../support/test-stack.ts";
import { nowSeconds, signWithForeignKey, unsignedToken } from "../../support/tokens.ts";

/** What an attacker starts from: a victim's identity and a genuine token of theirs. */
export interface AttackBase {
  t: TestStack;
  /** The claims of the victim's genuine access token (a member of the workspace). */
  claims: JWTPayload & Record<string, unknown>;
  /** The victim's genuine access token. */
  token: string;
  /** A genuine token whose session has since been signed out. */
  revokedToken: string;
}

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The stack's published signing key as an attacker fetches it (JWKS), in PEM — the classic confusion secret. */
async function publicKeyPem(t: TestStack): Promise<string> {
  const jwks = (await (await fetch(`${t.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: JWK[] };
  const jwk = jwks.keys[0];
  if (!jwk) throw new Error("no published signing key");
  return createPublicKey({ key: jwk as never, format: "jwk" })
    .export({ type: "spki", format: "pem" })
    .toString();
}

/**
 * The attack corpus: each entry forges or replays a bearer token that must not act as the victim
 * (or as service_role) where upstream refuses it. Names are the rows of the expectation table.
 */
export const ATTACK_TOKENS: Record<string, (base: AttackBase) => Promise<string>> = {
  "alg none": async ({ claims }) => unsignedToken(claims),
  "alg none, role service_role": async ({ claims }) => unsignedToken({ ...claims, role: "service_role" }),
  "HS256 signed with the public key": async ({ t, claims }) => {
    const kid = t.stack.keys.signingKeys[0]?.kid ?? "";
    return new SignJWT({ ...claims, role: "service_role" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT", kid })
      .sign(Buffer.from(await publicKeyPem(t)));
  },
  "HS256 signed with the public key, no kid": async ({ t, claims }) =>
    new SignJWT({ ...claims, role: "service_role" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(Buffer.from(await publicKeyPem(t))),
  "unknown kid": async ({ claims }) => {
    const { privateKey } = await generateKeyPair("ES256");
    return new SignJWT(claims).setProtectedHeader({ alg: "ES256", typ: "JWT", kid: randomUUID() }).sign(privateKey);
  },
  "foreign key with the stack's kid": ({ t, claims }) => signWithForeignKey(t.stack, claims),
  expired: ({ t, claims }) => t.stack.keys.sign({ ...claims, iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }),
  "not yet valid (nbf in an hour)": ({ t, claims }) => t.stack.keys.sign({ ...claims, nbf: nowSeconds() + 3600 }),
  "issued in an hour (iat)": ({ t, claims }) =>
    t.stack.keys.sign({ ...claims, iat: nowSeconds() + 3600, exp: nowSeconds() + 7200 }),
  "wrong audience": ({ t, claims }) => t.stack.keys.sign({ ...claims, aud: "another-project" }),
  "tampered payload (role service_role, signature kept)": async ({ token, claims }) => {
    const [header, , signature] = token.split(".");
    return `${header}.${segment({ ...claims, role: "service_role" })}.${signature}`;
  },
  "revoked session": async ({ revokedToken }) => revokedToken,
  "publishable key as bearer": async ({ t }) => t.stack.keys.publishableKey,
};
