import { beforeAll, describe, expect, it } from "vitest";
import { resolveApiKey } from "./api-key.ts";
import type { KeyRing } from "./keys/key-ring.ts";
import { createTestKeyRing } from "./keys/test-key-ring.ts";

let ring: KeyRing;
beforeAll(async () => {
  ring = await createTestKeyRing();
});

const resolve = (apikey: string | undefined, authorization?: string) =>
  resolveApiKey(ring, { apikey, authorization, requireApiKey: false, openRoute: false });

describe("resolveApiKey (the CLI gateway's mapping)", () => {
  it("maps the secret key to service_role and the publishable key to anon", async () => {
    expect(await resolve("sb_secret_test", "Bearer sb_secret_test")).toMatchObject({
      ok: true,
      auth: { role: "service_role", keyKind: "secret" },
    });
    expect(await resolve("sb_publishable_test", "Bearer sb_publishable_test")).toMatchObject({
      ok: true,
      auth: { role: "anon", keyKind: "publishable" },
    });
  });

  it("passes a user's bearer through unchanged whatever the key", async () => {
    const token = await ring.sign({ sub: "u", role: "authenticated" });
    expect(await resolve("sb_secret_test", `Bearer ${token}`)).toMatchObject({
      ok: true,
      auth: { role: "authenticated", token },
    });
  });

  it("treats a missing role claim as anon and no key at all as anonymous", async () => {
    const token = await ring.sign({ sub: "u" });
    expect(await resolve("sb_publishable_test", `bearer ${token}`)).toMatchObject({ auth: { role: "anon" } });
    expect(await resolve(undefined)).toEqual({
      ok: true,
      auth: { ok: true, keyKind: "none", token: null, claims: {}, role: "anon" },
    });
  });

  it("reports an invalid bearer as a failure for the service to answer", async () => {
    expect(await resolve("sb_publishable_test", "Bearer x.y.z")).toMatchObject({
      ok: true,
      auth: { ok: false, failure: { kind: "crypto" } },
    });
  });

  it("refuses a key that is neither ours nor a valid JWT", async () => {
    expect(await resolve("sb_publishable_other")).toMatchObject({ ok: false, body: { message: "Invalid API key" } });
  });

  it("requires a key in hosted mode except on open routes", async () => {
    expect(
      await resolveApiKey(ring, { apikey: undefined, authorization: undefined, requireApiKey: true, openRoute: false }),
    ).toMatchObject({ ok: false });
    expect(
      await resolveApiKey(ring, { apikey: undefined, authorization: undefined, requireApiKey: true, openRoute: true }),
    ).toMatchObject({ ok: true });
  });
});
