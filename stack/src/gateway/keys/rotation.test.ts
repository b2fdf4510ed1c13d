import { describe, expect, it } from "vitest";
import { createKeyRing } from "./key-ring.ts";
import { generateSigningKey, type StoredKeys } from "./key-store.ts";
import { KeyRotationError, retireSigningKey, rotateSigningKeys } from "./rotation.ts";
import { verifyJwt } from "./verify-jwt.ts";

const now = 1_800_000_000;
const storedWith = async (count: number): Promise<StoredKeys> => ({
  signing_keys: await Promise.all(Array.from({ length: count }, () => generateSigningKey())),
  publishable_key: "sb_publishable_test",
  secret_key: "sb_secret_test",
});
const ringFor = (stored: StoredKeys, legacyKeysUseSigningKey = false) =>
  createKeyRing({
    signingKeys: stored.signing_keys,
    jwtSecret: "a-test-secret-of-at-least-thirty-two-characters",
    publishableKey: "p",
    secretKey: "s",
    legacyKeysUseSigningKey,
  });

describe("rotateSigningKeys / retireSigningKey", () => {
  it("puts the new key first and keeps the old ones", async () => {
    const stored = await storedWith(1);
    const { keys, added } = await rotateSigningKeys(stored);
    expect(keys.signing_keys.map((k) => k.kid)).toEqual([added.kid, stored.signing_keys[0]?.kid]);
  });

  it("retires a previously used key and remembers it", async () => {
    const stored = await storedWith(2);
    const old = stored.signing_keys[1]?.kid ?? "";
    const next = retireSigningKey(stored, old, new Date(now * 1000));
    expect(next.signing_keys).toHaveLength(1);
    expect(next.retired_signing_keys).toEqual([
      { kid: old, alg: "ES256", retired_at: new Date(now * 1000).toISOString() },
    ]);
    expect(() => retireSigningKey(next, old, new Date())).toThrow(`Signing key ${old} is already retired.`);
  });

  it("refuses to retire the key in use or an unknown kid", async () => {
    const stored = await storedWith(2);
    expect(() => retireSigningKey(stored, stored.signing_keys[0]?.kid ?? "", new Date())).toThrow(KeyRotationError);
    expect(() => retireSigningKey(stored, "nope", new Date())).toThrow("No signing key with kid nope.");
  });
});

describe("KeyRing.replaceSigningKeys", () => {
  it("signs with the new first key and stops verifying a removed one", async () => {
    const stored = await storedWith(1);
    const ring = await ringFor(stored);
    const before = await ring.sign({ role: "authenticated", exp: now + 60 });
    const { keys } = await rotateSigningKeys(stored);
    let changes = 0;
    ring.onSigningKeysChange(() => changes++);
    await ring.replaceSigningKeys(keys.signing_keys);
    expect(changes).toBe(1);
    expect(ring.jwks().keys.map((k) => k.kid)).toEqual(keys.signing_keys.map((k) => k.kid));
    expect((await verifyJwt(ring, before, now)).ok).toBe(true);
    await ring.replaceSigningKeys(keys.signing_keys.slice(0, 1));
    expect(await verifyJwt(ring, before, now)).toMatchObject({ ok: false, failure: { kind: "no_key" } });
    expect((await verifyJwt(ring, ring.anonKey, now)).ok).toBe(true);
  });

  it("re-signs legacy keys of a user JWK set only when their key goes", async () => {
    const stored = await storedWith(1);
    const ring = await ringFor(stored, true);
    const anon = ring.anonKey;
    const { keys } = await rotateSigningKeys(stored);
    await ring.replaceSigningKeys(keys.signing_keys);
    expect(ring.anonKey).toBe(anon);
    await ring.replaceSigningKeys(keys.signing_keys.slice(0, 1));
    expect(ring.anonKey).not.toBe(anon);
    expect((await verifyJwt(ring, ring.anonKey, now)).ok).toBe(true);
  });
});
