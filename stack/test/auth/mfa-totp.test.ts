import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import { recordEvents } from "./support/session-user.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-mfa");
});
afterAll(() => t?.close());

const PASSWORD = "correct-horse-1";
const client = () => testClient(t.url, t.stack.keys.publishableKey);
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
const claimsOf = async (c: SupabaseClient) =>
  decodeJwt((await c.auth.getSession()).data.session?.access_token ?? "").claims;

async function signedUpClient() {
  const email = uniqueEmail("mfa");
  const c = client();
  const { error } = await c.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { c, email };
}

/** A user with a verified TOTP factor, signed in at aal2. */
async function userWithVerifiedFactor() {
  const { c, email } = await signedUpClient();
  const { data } = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "authenticator" });
  const factor = data as NonNullable<typeof data> & { totp: { secret: string } };
  const verified = await c.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
  expect(verified.error).toBeNull();
  return { c, email, factorId: factor.id, secret: factor.totp.secret };
}

describe("TOTP enrolment to aal2", () => {
  it("enrols, challenges, verifies to aal2 with amr totp, and unenrols", async () => {
    const { c, email } = await signedUpClient();
    const events = recordEvents(c);
    const enrolled = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "my phone" });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data as NonNullable<typeof enrolled.data> & {
      totp: { secret: string; uri: string; qr_code: string };
    };
    expect(factor).toMatchObject({ type: "totp", friendly_name: "my phone" });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toBe(
      `otpauth://totp/127.0.0.1:3000:${email}?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A3000&period=30&secret=${factor.totp.secret}`,
    );
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>\s*$/);

    const listed = await c.auth.mfa.listFactors();
    expect(listed.data?.all).toMatchObject([
      { id: factor.id, status: "unverified", factor_type: "totp", friendly_name: "my phone" },
    ]);
    expect(listed.data?.totp).toEqual([]);

    const before = Math.floor(Date.now() / 1000);
    const challenge = await c.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: "totp" });
    expect(challenge.data?.expires_at).toBeGreaterThanOrEqual(before + 299);
    expect(challenge.data?.expires_at).toBeLessThanOrEqual(before + 301);

    const sessionBefore = (await c.auth.getSession()).data.session;
    const verified = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? "",
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    const claims = await claimsOf(c);
    expect(claims.aal).toBe("aal2");
    expect(claims.session_id).toBe(decodeJwt(sessionBefore?.access_token ?? "").claims.session_id);
    expect((claims.amr as { method: string }[]).map((entry) => entry.method).sort()).toEqual(["password", "totp"]);
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal2",
      nextLevel: "aal2",
    });
    expect((await c.auth.mfa.listFactors()).data?.totp).toMatchObject([{ id: factor.id, status: "verified" }]);

    // the pre-MFA refresh token is spent; refreshing the new one keeps aal2
    expect((await c.auth.refreshSession()).error).toBeNull();
    expect((await claimsOf(c)).aal).toBe("aal2");

    const removed = await c.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    expect((await c.auth.mfa.listFactors()).data?.all).toEqual([]);
    expect((await c.auth.refreshSession()).error).toBeNull();
    expect((await claimsOf(c)).aal).toBe("aal1");
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });
  });

  it("uses the issuer the client asks for", async () => {
    const { c, email } = await signedUpClient();
    const { data } = await c.auth.mfa.enroll({ factorType: "totp", issuer: "Parley" });
    expect((data as { totp: { uri: string } }).totp.uri).toMatch(
      new RegExp(`^otpauth://totp/Parley:${email.replace(/[.+]/g, "\\$&")}\\?`),
    );
  });
});

describe("signing in with a verified factor", () => {
  it("starts at aal1 with nextLevel aal2 and needs the challenge", async () => {
    const { email, secret, factorId } = await userWithVerifiedFactor();
    const c = client();
    expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });
    expect((await claimsOf(c)).aal).toBe("aal1");

    const another = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "second" });
    expect(another.error).toMatchObject({ status: 403, code: "insufficient_aal" });

    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })).error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal2",
      nextLevel: "aal2",
    });
  });

  it("refuses to unenrol a verified factor at aal1", async () => {
    const { email, factorId } = await userWithVerifiedFactor();
    const c = client();
    await c.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await c.auth.mfa.unenroll({ factorId });
    expect(error).toMatchObject({ status: 422, code: "insufficient_aal" });
  });
});

describe("verification failures", () => {
  it("refuses a wrong code", async () => {
    const { c } = await signedUpClient();
    const { data } = await c.auth.mfa.enroll({ factorType: "totp" });
    const challenge = await c.auth.mfa.challenge({ factorId: data?.id ?? "" });
    const secret = (data as { totp: { secret: string } }).totp.secret;
    const wrong = String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const { error } = await c.auth.mfa.verify({
      factorId: data?.id ?? "",
      challengeId: challenge.data?.id ?? "",
      code: wrong,
    });
    expect(error).toMatchObject({ status: 422, code: "mfa_verification_failed", message: "Invalid TOTP code entered" });
    expect((await claimsOf(c)).aal).toBe("aal1");
  });

  it("refuses an expired challenge and deletes it", async () => {
    const { c } = await signedUpClient();
    const { data } = await c.auth.mfa.enroll({ factorType: "totp" });
    const challenge = await c.auth.mfa.challenge({ factorId: data?.id ?? "" });
    const db = t.stack.db.admin;
    await db.query("update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1", [
      challenge.data?.id,
    ]);
    const code = codeFor((data as { totp: { secret: string } }).totp.secret);
    const { error } = await c.auth.mfa.verify({
      factorId: data?.id ?? "",
      challengeId: challenge.data?.id ?? "",
      code,
    });
    expect(error).toMatchObject({ status: 422, code: "mfa_challenge_expired" });
    expect((await db.query("select 1 from auth.mfa_challenges where id = $1", [challenge.data?.id])).rowCount).toBe(0);
  });

  it("answers 404 for someone else's factor", async () => {
    const { factorId } = await userWithVerifiedFactor();
    const { c } = await signedUpClient();
    const { error } = await c.auth.mfa.challenge({ factorId });
    expect(error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
  });
});

describe("enrolment rules", () => {
  it("refuses a friendly name already used, the empty name included", async () => {
    const { c } = await signedUpClient();
    expect((await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "laptop" })).error).toBeNull();
    const named = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "laptop" });
    expect(named.error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict" });
    expect((await c.auth.mfa.enroll({ factorType: "totp" })).error).toBeNull();
    const unnamed = await c.auth.mfa.enroll({ factorType: "totp" });
    expect(unnamed.error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict" });
  });

  it("limits factors to [auth.mfa] max_enrolled_factors", async () => {
    const { c } = await signedUpClient();
    for (const name of ["a", "b", "c"])
      expect((await c.auth.mfa.enroll({ factorType: "totp", friendlyName: name })).error).toBeNull();
    const { error } = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "d" });
    expect(error).toMatchObject({ status: 422, code: "too_many_enrolled_mfa_factors" });
  });

  it("answers phone enrolment as disabled and refuses anonymous users", async () => {
    const { c } = await signedUpClient();
    const phone = await c.auth.mfa.enroll({ factorType: "phone", phone: "+15555550100" });
    expect(phone.error).toMatchObject({ status: 422, code: "mfa_phone_enroll_not_enabled" });
    const anonymous = client();
    const { data } = await anonymous.auth.signInAnonymously();
    const response = await authFetch(t, "/factors", {
      body: { factor_type: "totp" },
      token: data.session?.access_token ?? "",
    });
    expect(response).toMatchObject({ status: 403, body: { code: "no_authorization" } });
  });

  it("answers challenge and verify of a phone factor as disabled when [auth.mfa.phone] verify is off", async () => {
    const { c } = await signedUpClient();
    const userId = (await c.auth.getUser()).data.user?.id;
    const factorId = randomUUID();
    await t.stack.db.admin.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, phone, created_at, updated_at)
       values ($1, $2, 'phone', 'phone', 'unverified', '15555550101', now(), now())`,
      [factorId, userId],
    );
    const disabled = {
      status: 422,
      code: "mfa_phone_verify_not_enabled",
      message: "MFA verification is disabled for Phone",
    };
    expect((await c.auth.mfa.challenge({ factorId })).error).toMatchObject(disabled);
    expect((await c.auth.mfa.verify({ factorId, challengeId: randomUUID(), code: "123456" })).error).toMatchObject(
      disabled,
    );
  });
});

describe("MFA calls without a session", () => {
  // GoTrue's requireAuthentication takes the token from `Authorization: bearer <token>` (any case,
  // one token without spaces); any other header, or none at all, is 401 no_authorization.
  const factorPaths = [
    ["POST", "/factors"],
    ["POST", `/factors/${randomUUID()}/challenge`],
    ["POST", `/factors/${randomUUID()}/verify`],
    ["DELETE", `/factors/${randomUUID()}`],
  ] as const;
  const noBearer = {
    status: 401,
    body: { code: 401, error_code: "no_authorization", msg: "This endpoint requires a valid Bearer token" },
  };

  it.each(
    factorPaths.flatMap(([method, path]) => [
      [method, path, undefined],
      [method, path, "Bearer "],
      [method, path, "Bearer"],
      [method, path, "Basic dXNlcjpwYXNz"],
      [method, path, "Bearer two tokens"],
    ]),
  )("%s %s with Authorization %j names the missing bearer token", async (method, path, authorization) => {
    const response = await fetch(`${t.url}/auth/v1${path}`, {
      method,
      headers: { "content-type": "application/json", ...(authorization === undefined ? {} : { authorization }) },
      body: JSON.stringify({ factor_type: "totp" }),
    });
    expect({ status: response.status, body: await response.json() }).toEqual(noBearer);
  });

  it("answers supabase-js's enrol without a session (the anon key as bearer) with GoTrue's missing-sub error", async () => {
    const { error } = await client().auth.mfa.enroll({ factorType: "totp" });
    expect(error).toMatchObject({ status: 403, code: "bad_jwt", message: "invalid claim: missing sub claim" });
  });
});
