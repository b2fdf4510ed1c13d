import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import {
  SoftwareAuthenticator,
  type Ceremony,
  type CreationOptions,
  type RequestOptions,
} from "./support/software-authenticator.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-passkeys");
});
afterAll(() => t?.close());

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct-horse-1";
const WEBAUTHN = { rpId: "localhost", rpOrigins: [ORIGIN] };
const client = () => testClient(t.url, t.stack.keys.publishableKey);
const claimsOf = async (c: SupabaseClient) =>
  decodeJwt((await c.auth.getSession()).data.session?.access_token ?? "").claims;
const amrOf = async (c: SupabaseClient) =>
  ((await claimsOf(c)).amr as { method: string }[]).map((entry) => entry.method);

async function signedUpClient() {
  const c = client();
  const email = uniqueEmail("security-key");
  expect((await c.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  return { c, email };
}

/** One challenge + verify round through supabase-js, the authenticator answering as `ceremony` says. */
async function challengeAndAnswer(
  c: SupabaseClient,
  factorId: string,
  authenticator: SoftwareAuthenticator,
  ceremony: Partial<Parameters<SoftwareAuthenticator["get"]>[1]> = {},
) {
  const challenge = await c.auth.mfa.challenge({ factorId, webauthn: WEBAUTHN });
  expect(challenge.error).toBeNull();
  const data = challenge.data as unknown as {
    id: string;
    webauthn: { type: "create" | "request"; credential_options: { publicKey: CreationOptions & RequestOptions } };
  };
  const options = data.webauthn.credential_options.publicKey;
  const answer = { origin: ORIGIN, ...ceremony };
  const credential =
    data.webauthn.type === "create" ? authenticator.create(options, answer) : authenticator.get(options, answer);
  const verified = await c.auth.mfa.verify({
    factorId,
    challengeId: data.id,
    webauthn: { ...WEBAUTHN, type: data.webauthn.type, credential_response: credential as never },
  } as never);
  return { type: data.webauthn.type, verified };
}

/** A user with a verified security key, signed in at aal2 with it. */
async function userWithSecurityKey() {
  const { c, email } = await signedUpClient();
  const authenticator = new SoftwareAuthenticator();
  const enrolled = await c.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "YubiKey" });
  expect(enrolled.error).toBeNull();
  const factorId = enrolled.data?.id ?? "";
  const { verified } = await challengeAndAnswer(c, factorId, authenticator);
  expect(verified.error).toBeNull();
  return { c, email, factorId, authenticator };
}

async function signedInAtAal1(email: string) {
  const c = client();
  expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return c;
}

describe("WebAuthn second factor", () => {
  it("enrols a security key, registers it (create) to aal2, then signs in with it (request)", async () => {
    const { c, email } = await signedUpClient();
    const enrolled = await c.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "YubiKey" });
    expect(enrolled.data).toMatchObject({ type: "webauthn", friendly_name: "YubiKey" });
    const factorId = enrolled.data?.id ?? "";
    const authenticator = new SoftwareAuthenticator();

    const registered = await challengeAndAnswer(c, factorId, authenticator);
    expect(registered.type).toBe("create");
    expect(registered.verified.error).toBeNull();
    expect(await claimsOf(c)).toMatchObject({ aal: "aal2" });
    expect(await amrOf(c)).toContain("mfa/webauthn");
    expect((await c.auth.mfa.listFactors()).data?.all).toMatchObject([
      { id: factorId, factor_type: "webauthn", status: "verified" },
    ]);

    const later = await signedInAtAal1(email);
    expect(await claimsOf(later)).toMatchObject({ aal: "aal1" });
    const signedIn = await challengeAndAnswer(later, factorId, authenticator);
    expect(signedIn.type).toBe("request");
    expect(signedIn.verified.error).toBeNull();
    expect(await claimsOf(later)).toMatchObject({ aal: "aal2" });
    expect(await amrOf(later)).toEqual(expect.arrayContaining(["password", "mfa/webauthn"]));
  });

  it.each<[string, Partial<Ceremony>]>([
    ["another origin", { origin: "https://evil.example" }],
    ["another RP ID", { rpId: "evil.example" }],
    ["another challenge", { challenge: Buffer.from("not the challenge the server handed out").toString("base64url") }],
  ])("refuses a sign-in answered for %s and stays at aal1", async (_label, ceremony) => {
    const { email, factorId, authenticator } = await userWithSecurityKey();
    const later = await signedInAtAal1(email);
    const { verified } = await challengeAndAnswer(later, factorId, authenticator, ceremony);
    expect(verified.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
    expect(await claimsOf(later)).toMatchObject({ aal: "aal1" });
  });

  it("refuses a registration answered for another origin and leaves the factor unverified", async () => {
    const { c } = await signedUpClient();
    const enrolled = await c.auth.mfa.enroll({ factorType: "webauthn" });
    const factorId = enrolled.data?.id ?? "";
    const { verified } = await challengeAndAnswer(c, factorId, new SoftwareAuthenticator(), {
      origin: "https://evil.example",
    });
    expect(verified.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
    expect((await c.auth.mfa.listFactors()).data?.all).toMatchObject([{ id: factorId, status: "unverified" }]);
  });

  it("refuses a sign count that does not rise", async () => {
    const { email, factorId, authenticator } = await userWithSecurityKey();
    const first = await signedInAtAal1(email);
    expect((await challengeAndAnswer(first, factorId, authenticator, { signCount: 7 })).verified.error).toBeNull();
    const second = await signedInAtAal1(email);
    const replayed = await challengeAndAnswer(second, factorId, authenticator, { signCount: 7 });
    expect(replayed.verified.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
    expect(await claimsOf(second)).toMatchObject({ aal: "aal1" });
  });

  it("refuses another user's security key, and another user's factor is not found", async () => {
    const victim = await userWithSecurityKey();
    const attacker = await userWithSecurityKey();
    const later = await signedInAtAal1(attacker.email);
    const { verified } = await challengeAndAnswer(later, attacker.factorId, attacker.authenticator, {
      credential: victim.authenticator.credentials[0],
    });
    expect(verified.error).toMatchObject({ code: "webauthn_verification_failed", status: 400 });
    const foreign = await later.auth.mfa.challenge({ factorId: victim.factorId, webauthn: WEBAUTHN });
    expect(foreign.error).toMatchObject({ code: "mfa_factor_not_found", status: 404 });
  });

  it("checks the webauthn member of the verify body as GoTrue does", async () => {
    const { c } = await signedUpClient();
    const enrolled = await c.auth.mfa.enroll({ factorType: "webauthn" });
    const token = (await c.auth.getSession()).data.session?.access_token ?? "";
    const path = `/factors/${enrolled.data?.id ?? ""}/verify`;
    const challenge_id = "00000000-0000-4000-8000-000000000000";
    expect(await authFetch(t, path, { token, body: { challenge_id } })).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "WebAuthn config required" },
    });
    expect(await authFetch(t, path, { token, body: { challenge_id, webauthn: { type: "sign" } } })).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "WebAuthn type must be create or request" },
    });
    expect(await authFetch(t, path, { token, body: { challenge_id, webauthn: { type: "create" } } })).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "credential_response required" },
    });
  });
});
