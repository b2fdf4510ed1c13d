import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { KeyRing } from "./key-ring.ts";
import { createTestKeyRing } from "./test-key-ring.ts";
import { verifyJwt } from "./verify-jwt.ts";

let ring: KeyRing;
const now = 1_800_000_000;

beforeAll(async () => {
  ring = await createTestKeyRing();
});

describe("verifyJwt", () => {
  it("accepts the ES256 tokens the ring signs and the legacy HS256 keys", async () => {
    const signed = await ring.sign({ sub: "u", role: "authenticated", exp: now + 60 });
    expect(await verifyJwt(ring, signed, now)).toMatchObject({ ok: true, claims: { sub: "u" } });
    expect(await verifyJwt(ring, ring.anonKey, now)).toMatchObject({
      ok: true,
      claims: { role: "anon", iss: "supabase-demo" },
    });
  });

  it.each([
    [now + 29, true],
    [now - 29, true],
    [now - 30, false],
  ])("allows 30 s of clock skew on exp (exp = %i → ok %s)", async (exp, ok) => {
    expect((await verifyJwt(ring, await ring.sign({ exp }), now)).ok).toBe(ok);
  });

  it("refuses an HS256 token that carries a kid no key has", async () => {
    const token = await new SignJWT({ role: "anon" })
      .setProtectedHeader({ alg: "HS256", kid: "nope" })
      .sign(ring.hmacKey);
    expect(await verifyJwt(ring, token, now)).toMatchObject({ ok: false, failure: { kind: "no_key" } });
  });

  it("refuses a token whose kid names no key", async () => {
    const [h, p, s] = (await ring.sign({ role: "anon" })).split(".");
    const header = Buffer.from(JSON.stringify({ alg: "ES256", kid: "other" })).toString("base64url");
    expect(h && p && s).toBeTruthy();
    expect(await verifyJwt(ring, `${header}.${p}.${s}`, now)).toMatchObject({ ok: false, failure: { kind: "no_key" } });
  });

  it("refuses a tampered payload", async () => {
    const [h, , s] = (await ring.sign({ role: "authenticated" })).split(".");
    const payload = Buffer.from(JSON.stringify({ role: "service_role" })).toString("base64url");
    expect(await verifyJwt(ring, `${h}.${payload}.${s}`, now)).toMatchObject({
      ok: false,
      failure: { kind: "no_key" },
    });
  });

  it("refuses HS256 tokens signed with the public key material (algorithm confusion)", async () => {
    const publicJwk = JSON.stringify(ring.jwks().keys[0]);
    const token = await new SignJWT({ role: "service_role" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(publicJwk));
    expect((await verifyJwt(ring, token, now)).ok).toBe(false);
  });

  it.each([
    ["", "empty", "Empty JWT is sent in Authorization header"],
    ["a.b", "parts", "Expected 3 parts in JWT; got 2"],
    ["!!!.???.###", "crypto", "JWT cryptographic operation failed"],
  ])("classifies %j as %s", async (token, kind, message) => {
    expect(await verifyJwt(ring, token, now)).toEqual({ ok: false, failure: { kind, message } });
  });

  it("requires numeric time claims", async () => {
    const token = await new SignJWT({ exp: "soon" as unknown as number })
      .setProtectedHeader({ alg: "HS256" })
      .sign(ring.hmacKey);
    expect(await verifyJwt(ring, token, now)).toMatchObject({
      ok: false,
      failure: { message: "The JWT 'exp' claim must be a number" },
    });
  });
});

describe("verifyJwt on a token it verified before", () => {
  it("refuses it once it expires", async () => {
    const token = await ring.sign({ role: "authenticated", exp: now + 60 });
    expect((await verifyJwt(ring, token, now)).ok).toBe(true);
    expect(await verifyJwt(ring, token, now + 120)).toMatchObject({ ok: false, failure: { kind: "expired" } });
  });

  it("refuses a copy with another payload or signature", async () => {
    const token = await ring.sign({ role: "authenticated", exp: now + 60 });
    expect((await verifyJwt(ring, token, now)).ok).toBe(true);
    const [h, p, s] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ role: "service_role", exp: now + 60 })).toString("base64url");
    expect((await verifyJwt(ring, `${h}.${forged}.${s}`, now)).ok).toBe(false);
    expect((await verifyJwt(ring, `${h}.${p}.${s?.slice(0, -4)}AAAA`, now)).ok).toBe(false);
  });

  it("hands out claims no request can change for the next one", async () => {
    const token = await ring.sign({ role: "authenticated", app_metadata: { plan: "free" }, exp: now + 60 });
    const first = await verifyJwt(ring, token, now);
    if (!first.ok) throw new Error("expected the token to verify");
    expect(() => Object.assign(first.claims, { role: "service_role" })).toThrow(TypeError);
    expect(await verifyJwt(ring, token, now)).toMatchObject({ ok: true, claims: { role: "authenticated" } });
  });
});
