import { generateKeyPairSync } from "node:crypto";
import { decodeProtectedHeader, exportJWK, importJWK, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createJwsSigner } from "./jws-signer.ts";
import { generateSigningKey, type StoredSigningKey } from "./key-store.ts";

const claims = {
  aud: "authenticated",
  exp: 1_900_000_000,
  iat: 1_800_000_000,
  sub: "0b6f2c1e-4c53-4a8e-9a40-3f6f8f0e2b11",
  email: "ünïcode@example.com",
  app_metadata: { provider: "email", providers: ["email"] },
  user_metadata: { name: "名前" },
  role: "authenticated",
  aal: "aal1",
  amr: [{ method: "password", timestamp: 1_800_000_000 }],
  session_id: "2f1d3a4b-0000-4000-8000-000000000000",
  is_anonymous: false,
};

async function rsaSigningKey(modulusLength = 2048): Promise<StoredSigningKey> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength });
  return { ...(await exportJWK(privateKey)), kid: "rsa-key", alg: "RS256" };
}

describe("createJwsSigner", () => {
  it("writes an ES256 token with jose's header that jose verifies against the public JWK", async () => {
    const stored = await generateSigningKey();
    const token = createJwsSigner(stored)(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "ES256", typ: "JWT", kid: stored.kid });
    expect(Object.keys(decodeProtectedHeader(token))).toEqual(["alg", "typ", "kid"]);
    const { d: _d, ...publicJwk } = stored;
    const verified = await jwtVerify(token, await importJWK({ ...publicJwk, key_ops: ["verify"] }, "ES256"), {
      currentDate: new Date(1_850_000_000 * 1000),
    });
    expect(verified.payload).toEqual(claims);
  });

  it("writes exactly the bytes jose writes for RS256 (a deterministic signature)", async () => {
    const stored = await rsaSigningKey();
    const ours = createJwsSigner(stored)(claims);
    const joses = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: stored.kid })
      .sign(await importJWK(stored, "RS256"));
    expect(ours).toBe(joses);
  });

  it("refuses a key that does not fit its alg", async () => {
    const rsa = await rsaSigningKey();
    expect(() => createJwsSigner({ ...rsa, alg: "ES256" })).toThrow("is not a valid ES256 private key");
    const ec = await generateSigningKey();
    expect(() => createJwsSigner({ ...ec, alg: "RS256" })).toThrow("is not a valid RS256 private key");
    const short = await rsaSigningKey(1024);
    expect(() => createJwsSigner(short)).toThrow("is not a valid RS256 private key");
  });

  it("refuses claims that are not an object", async () => {
    const signToken = createJwsSigner(await generateSigningKey());
    expect(() => signToken([] as unknown as Record<string, unknown>)).toThrow("JWT Claims Set MUST be an object");
  });
});
