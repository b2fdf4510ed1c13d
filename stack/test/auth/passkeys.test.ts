import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import { SoftwareAuthenticator, type Ceremony } from "./support/software-authenticator.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-passkeys");
});
afterAll(() => t?.close());

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct-horse-1";
const client = () => testClient(t.url, t.stack.keys.publishableKey);

async function signedUpClient() {
  const c = client();
  const email = uniqueEmail("passkey");
  const { data, error } = await c.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { c, email, userId: data.user?.id ?? "" };
}

/** Registers a passkey on `authenticator` for the signed-in client, through supabase-js's two steps. */
async function registerPasskey(
  c: SupabaseClient,
  authenticator: SoftwareAuthenticator,
  ceremony: Partial<Parameters<SoftwareAuthenticator["create"]>[1]> = {},
) {
  const options = await c.auth.passkey.startRegistration();
  expect(options.error).toBeNull();
  const started = options.data as NonNullable<typeof options.data>;
  const credential = authenticator.create(started.options, { origin: ORIGIN, ...ceremony }).toJSON();
  return c.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential });
}

/** Signs in with the authenticator's passkey on a fresh client. */
async function signInWithPasskey(
  authenticator: SoftwareAuthenticator,
  ceremony: Partial<Parameters<SoftwareAuthenticator["get"]>[1]> = {},
) {
  const c = client();
  const options = await c.auth.passkey.startAuthentication();
  expect(options.error).toBeNull();
  const started = options.data as NonNullable<typeof options.data>;
  const credential = authenticator.get(started.options, { origin: ORIGIN, ...ceremony }).toJSON();
  const result = await c.auth.passkey.verifyAuthentication({ challengeId: started.challenge_id, credential });
  return { c, result, challengeId: started.challenge_id, credential };
}

describe("passkey registration, sign-in and management", () => {
  it("registers a passkey, signs in with it (amr passkey), renames, lists and deletes it", async () => {
    const { c, userId } = await signedUpClient();
    const authenticator = new SoftwareAuthenticator();
    const options = await c.auth.passkey.startRegistration();
    expect(options.data?.options).toMatchObject({
      rp: { id: "localhost", name: "Parley" },
      authenticatorSelection: { residentKey: "required" },
    });

    const registered = await registerPasskey(c, authenticator);
    expect(registered.error).toBeNull();
    expect(registered.data).toMatchObject({ friendly_name: "Passkey" });
    const passkeyId = registered.data?.id ?? "";

    const { c: other, result } = await signInWithPasskey(authenticator);
    expect(result.error).toBeNull();
    const session = (await other.auth.getSession()).data.session;
    expect(session?.user.id).toBe(userId);
    const claims = decodeJwt(session?.access_token ?? "").claims;
    expect(claims).toMatchObject({ sub: userId, aal: "aal1" });
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(["passkey"]);

    const renamed = await c.auth.passkey.update({ passkeyId, friendlyName: "Work laptop" });
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: "Work laptop" });
    const listed = await c.auth.passkey.list();
    expect(listed.data).toEqual([
      expect.objectContaining({ id: passkeyId, friendly_name: "Work laptop", last_used_at: expect.any(String) }),
    ]);

    expect((await c.auth.passkey.delete({ passkeyId })).error).toBeNull();
    expect((await c.auth.passkey.list()).data).toEqual([]);
    const afterDelete = await signInWithPasskey(authenticator);
    expect(afterDelete.result.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
  });

  it("says passkeys are on in /settings", async () => {
    expect((await authFetch(t, "/settings")).body).toMatchObject({ passkeys_enabled: true });
  });

  it("refuses an eleventh passkey (GoTrue's limit of 10 per user)", async () => {
    const { c } = await signedUpClient();
    const authenticator = new SoftwareAuthenticator();
    for (let i = 0; i < 10; i++) expect((await registerPasskey(c, authenticator)).error).toBeNull();
    const options = await c.auth.passkey.startRegistration();
    expect(options.error).toMatchObject({ code: "too_many_passkeys", status: 422 });
  });
});

describe("passkey refusals", () => {
  it.each<[string, Partial<Ceremony>]>([
    ["another origin", { origin: "https://evil.example" }],
    ["another RP ID", { rpId: "evil.example" }],
    ["another challenge", { challenge: Buffer.from("not the challenge the server handed out").toString("base64url") }],
  ])("refuses a registration answered for %s", async (_label, ceremony) => {
    const { c } = await signedUpClient();
    const result = await registerPasskey(c, new SoftwareAuthenticator(), ceremony);
    expect(result.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
    expect((await c.auth.passkey.list()).data).toEqual([]);
  });

  it.each<[string, Partial<Ceremony>]>([
    ["another origin", { origin: "https://evil.example" }],
    ["another RP ID", { rpId: "evil.example" }],
    ["another challenge", { challenge: Buffer.from("not the challenge the server handed out").toString("base64url") }],
  ])("refuses a sign-in answered for %s", async (_label, ceremony) => {
    const { c } = await signedUpClient();
    const authenticator = new SoftwareAuthenticator();
    expect((await registerPasskey(c, authenticator)).error).toBeNull();
    const { c: other, result } = await signInWithPasskey(authenticator, ceremony);
    expect(result.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
    expect((await other.auth.getSession()).data.session).toBeNull();
  });

  it("refuses a sign count that does not rise (a cloned or replayed authenticator)", async () => {
    const { c } = await signedUpClient();
    const authenticator = new SoftwareAuthenticator();
    expect((await registerPasskey(c, authenticator)).error).toBeNull();
    expect((await signInWithPasskey(authenticator, { signCount: 5 })).result.error).toBeNull();
    const replayed = await signInWithPasskey(authenticator, { signCount: 5 });
    expect(replayed.result.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
  });

  it("spends a challenge on its first verify", async () => {
    const { c } = await signedUpClient();
    const authenticator = new SoftwareAuthenticator();
    expect((await registerPasskey(c, authenticator)).error).toBeNull();
    const first = await signInWithPasskey(authenticator);
    expect(first.result.error).toBeNull();
    const again = await client().auth.passkey.verifyAuthentication({
      challengeId: first.challengeId,
      credential: first.credential,
    });
    expect(again.error).toMatchObject({ code: "webauthn_challenge_not_found", status: 400 });
  });

  it("refuses an assertion that claims another user's handle for a passkey", async () => {
    const victim = await signedUpClient();
    const attacker = await signedUpClient();
    const authenticator = new SoftwareAuthenticator();
    expect((await registerPasskey(attacker.c, authenticator)).error).toBeNull();
    const credential = authenticator.credentials[0];
    if (!credential) throw new Error("no credential");
    Object.assign(credential, { userHandle: Buffer.from(victim.userId) });
    const { result } = await signInWithPasskey(authenticator, { credential });
    expect(result.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
  });

  it("refuses a registration answering another user's registration challenge", async () => {
    const victim = await signedUpClient();
    const attacker = await signedUpClient();
    const options = await victim.c.auth.passkey.startRegistration();
    const started = options.data as NonNullable<typeof options.data>;
    const credential = new SoftwareAuthenticator().create(started.options, { origin: ORIGIN }).toJSON();
    const stolen = await attacker.c.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential });
    expect(stolen.error).toMatchObject({ code: "webauthn_challenge_not_found", status: 400 });
  });

  it("keeps another user's passkey out of reach: rename and delete answer 404", async () => {
    const owner = await signedUpClient();
    const other = await signedUpClient();
    const registered = await registerPasskey(owner.c, new SoftwareAuthenticator());
    const passkeyId = registered.data?.id ?? "";
    const renamed = await other.c.auth.passkey.update({ passkeyId, friendlyName: "mine now" });
    expect(renamed.error).toMatchObject({ code: "validation_failed", status: 404 });
    const deleted = await other.c.auth.passkey.delete({ passkeyId });
    expect(deleted.error).toMatchObject({ code: "validation_failed", status: 404 });
    expect((await owner.c.auth.passkey.list()).data).toEqual([expect.objectContaining({ friendly_name: "Passkey" })]);
    expect((await other.c.auth.passkey.list()).data).toEqual([]);
  });

  it("refuses a credential registered before, even by another user", async () => {
    const first = await signedUpClient();
    const second = await signedUpClient();
    const authenticator = new SoftwareAuthenticator();
    expect((await registerPasskey(first.c, authenticator)).error).toBeNull();
    const reused = await registerPasskey(second.c, authenticator, { reuse: authenticator.credentials[0] });
    expect(reused.error).toMatchObject({ code: "webauthn_credential_exists", status: 422 });
    expect((await second.c.auth.passkey.list()).data).toEqual([]);
  });

  it("asks for aal2 to manage passkeys once the user has a verified second factor", async () => {
    const { c } = await signedUpClient();
    const enrolled = await c.auth.mfa.enroll({ factorType: "totp" });
    const { TOTP, Secret } = await import("otpauth");
    const secret = (enrolled.data as unknown as { totp: { secret: string } }).totp.secret;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await c.auth.mfa.challengeAndVerify({ factorId: enrolled.data?.id ?? "", code })).error).toBeNull();
    const aal1 = client();
    const signIn = await aal1.auth.signInWithPassword({
      email: (await c.auth.getUser()).data.user?.email ?? "",
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    const options = await aal1.auth.passkey.startRegistration();
    expect(options.error).toMatchObject({ code: "insufficient_aal", status: 403 });
    expect((await c.auth.passkey.startRegistration()).error).toBeNull();
  });
});

describe("passkey request validation", () => {
  it.each([
    [{}, 400, "validation_failed", "challenge_id is required"],
    [{ challenge_id: "x" }, 400, "validation_failed", "credential is required"],
    [{ challenge_id: "x", credential: {} }, 400, "validation_failed", "challenge_id must be a valid UUID"],
    [
      { challenge_id: "00000000-0000-4000-8000-000000000000", credential: { id: 1 } },
      400,
      "webauthn_verification_failed",
      "Invalid credential response",
    ],
  ])("authentication/verify %j answers %i %s", async (body, status, code, message) => {
    expect(await authFetch(t, "/passkeys/authentication/verify", { body })).toMatchObject({
      status,
      body: { code, message },
    });
  });

  it("needs a signed-in user to register", async () => {
    expect(await authFetch(t, "/passkeys/registration/options", { body: {} })).toMatchObject({
      status: 403,
      body: { code: "bad_jwt" },
    });
  });
});

// GoTrue's admin passkeys API (passkey_admin.go), through supabase-js's `auth.admin.passkey`.
describe("the admin passkeys API", () => {
  const admin = () => testClient(t.url, t.stack.keys.secretKey).auth.admin;

  it("lists a user's passkeys and deletes one, which then no longer signs in", async () => {
    const { c, userId } = await signedUpClient();
    const authenticator = new SoftwareAuthenticator();
    const registered = await registerPasskey(c, authenticator);
    const passkeyId = registered.data?.id ?? "";
    const listed = await admin().passkey.listPasskeys({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([{ id: passkeyId, friendly_name: "Passkey", created_at: expect.any(String) }]);
    const deleted = await admin().passkey.deletePasskey({ userId, passkeyId });
    expect(deleted).toEqual({ data: null, error: null });
    expect((await admin().passkey.listPasskeys({ userId })).data).toEqual([]);
    const { result } = await signInWithPasskey(authenticator);
    expect(result.error).not.toBeNull();
    const audit = await t.stack.db.admin.query<{
      payload: { action: string; actor_username: string; traits: unknown };
    }>(
      "select payload from auth.audit_log_entries where payload->>'action' = 'passkey_deleted' and payload->'traits'->>'passkey_id' = $1",
      [passkeyId],
    );
    expect(audit.rows.map((r) => r.payload)).toEqual([
      expect.objectContaining({ actor_username: "service_role", traits: { user_id: userId, passkey_id: passkeyId } }),
    ]);
  });

  it("answers 404s as GoTrue: another user's passkey, an unknown user", async () => {
    const owner = await signedUpClient();
    const other = await signedUpClient();
    const passkeyId = (await registerPasskey(owner.c, new SoftwareAuthenticator())).data?.id ?? "";
    const crossed = await admin().passkey.deletePasskey({ userId: other.userId, passkeyId });
    expect(crossed.error).toMatchObject({ status: 404, code: "validation_failed", message: "Passkey not found" });
    const unknown = await admin().passkey.listPasskeys({ userId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.error).toMatchObject({ status: 404, code: "user_not_found", message: "User not found" });
    expect((await admin().passkey.listPasskeys({ userId: owner.userId })).data).toHaveLength(1);
  });

  it("is for admins only", async () => {
    const { c, userId } = await signedUpClient();
    const token = (await c.auth.getSession()).data.session?.access_token ?? "";
    expect(await authFetch(t, `/admin/users/${userId}/passkeys`, { token })).toMatchObject({
      status: 403,
      body: { code: "not_admin", message: "User not allowed" },
    });
  });
});
