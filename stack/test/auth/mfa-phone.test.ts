import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import { waitForMail } from "./support/mailbox.ts";
import { recordEvents } from "./support/session-user.ts";

let t: TestStack;
let mailbox: string;
beforeAll(async () => {
  t = await startTestStack("auth-mfa-phone");
  mailbox = t.stack.status().INBUCKET_URL;
});
afterAll(() => t?.close());

const PASSWORD = "correct-horse-1";
const client = () => testClient(t.url, t.stack.keys.publishableKey);
const claimsOf = async (c: SupabaseClient) =>
  decodeJwt((await c.auth.getSession()).data.session?.access_token ?? "").claims;
let phoneCounter = 0;
const uniquePhone = () =>
  `1555${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter++).padStart(4, "0")}`;
const seen = new Set<string>();

/** Lets the next challenge of the factor pass `[auth.mfa.phone] max_frequency` (30 s in the fixture). */
const forgetLastChallenge = (factorId: string) =>
  t.stack.db.admin.query("update auth.mfa_factors set last_challenged_at = now() - interval '1 minute' where id = $1", [
    factorId,
  ]);

async function signedUpClient() {
  const email = uniqueEmail("mfa-phone");
  const c = client();
  expect((await c.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  return { c, email };
}

/** Challenges the factor and reads the SMS the mailbox received for the number. */
async function challengeAndReadSms(c: SupabaseClient, factorId: string, phone: string) {
  const challenge = await c.auth.mfa.challenge({ factorId, channel: "sms" });
  expect(challenge.error).toBeNull();
  const sms = await waitForMail(mailbox, `+${phone}`, { seen });
  return { challengeId: challenge.data?.id ?? "", challenge: challenge.data, sms };
}

async function userWithVerifiedPhone() {
  const { c, email } = await signedUpClient();
  const phone = uniquePhone();
  const { data } = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${phone}` });
  const factorId = data?.id ?? "";
  const { challengeId, sms } = await challengeAndReadSms(c, factorId, phone);
  expect((await c.auth.mfa.verify({ factorId, challengeId, code: sms.otp })).error).toBeNull();
  return { c, email, phone, factorId };
}

describe("phone factor enrolment to aal2", () => {
  it("enrols, sends the code by SMS, verifies to aal2 with amr mfa/phone, and unenrols", async () => {
    const { c } = await signedUpClient();
    const events = recordEvents(c);
    const phone = uniquePhone();
    const enrolled = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${phone}`, friendlyName: "work phone" });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toEqual({
      id: expect.any(String),
      type: "phone",
      friendly_name: "work phone",
      phone: `+${phone}`,
    });
    const factorId = enrolled.data?.id ?? "";
    const listed = await c.auth.mfa.listFactors();
    expect(listed.data?.all).toMatchObject([
      { id: factorId, factor_type: "phone", status: "unverified", phone, friendly_name: "work phone" },
    ]);
    expect(listed.data?.phone).toEqual([]);

    const before = Math.floor(Date.now() / 1000);
    const { challengeId, challenge, sms } = await challengeAndReadSms(c, factorId, phone);
    expect(challenge).toMatchObject({ type: "phone" });
    expect(challenge?.expires_at).toBeGreaterThanOrEqual(before + 299);
    expect(challenge?.expires_at).toBeLessThanOrEqual(before + 301);
    expect(sms.Tags).toEqual(["sms"]);
    expect(sms.Text).toMatch(/^Your Parley sign-in code is \d{8}$/);

    const verified = await c.auth.mfa.verify({ factorId, challengeId, code: sms.otp });
    expect(verified.error).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    const claims = await claimsOf(c);
    expect(claims.aal).toBe("aal2");
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr.map((entry) => entry.method)).toEqual(["mfa/phone", "password"]);
    for (const entry of amr) expect(Object.keys(entry).sort()).toEqual(["method", "timestamp"]);
    expect(amr[0]?.timestamp).toBeGreaterThanOrEqual(before);
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal2",
      nextLevel: "aal2",
    });
    expect((await c.auth.mfa.listFactors()).data?.phone).toMatchObject([{ id: factorId, status: "verified", phone }]);

    expect((await c.auth.refreshSession()).error).toBeNull();
    expect((await claimsOf(c)).aal).toBe("aal2");

    expect((await c.auth.mfa.unenroll({ factorId })).data).toEqual({ id: factorId });
    expect((await c.auth.refreshSession()).error).toBeNull();
    expect((await claimsOf(c)).aal).toBe("aal1");
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });
  });

  it("needs the SMS challenge after signing in, and an aal2 session to unenrol", async () => {
    const { email, phone, factorId } = await userWithVerifiedPhone();
    const c = client();
    expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await claimsOf(c)).aal).toBe("aal1");
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });
    expect((await c.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 422, code: "insufficient_aal" });

    await forgetLastChallenge(factorId);
    const { challengeId, sms } = await challengeAndReadSms(c, factorId, phone);
    const wrong = String((Number(sms.otp) + 1) % 100_000_000).padStart(8, "0");
    const refused = await c.auth.mfa.verify({ factorId, challengeId, code: wrong });
    expect(refused.error).toMatchObject({
      status: 422,
      code: "mfa_verification_failed",
      message: "Invalid MFA Phone code entered",
    });
    expect((await c.auth.mfa.verify({ factorId, challengeId, code: sms.otp })).error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal2",
      nextLevel: "aal2",
    });
    expect((await c.auth.mfa.unenroll({ factorId })).error).toBeNull();
  });
});

describe("phone challenges", () => {
  it("refuses a second challenge within [auth.mfa.phone] max_frequency", async () => {
    const { c } = await signedUpClient();
    const phone = uniquePhone();
    const { data } = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${phone}` });
    await challengeAndReadSms(c, data?.id ?? "", phone);
    const again = await c.auth.mfa.challenge({ factorId: data?.id ?? "" });
    expect(again.error).toMatchObject({ status: 429, code: "over_sms_send_rate_limit" });
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after (29|30) seconds\.$/);
  });

  it("refuses a channel other than sms without a Twilio provider", async () => {
    const { c } = await signedUpClient();
    const { data } = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${uniquePhone()}` });
    const { error } = await c.auth.mfa.challenge({ factorId: data?.id ?? "", channel: "whatsapp" });
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
    expect(error?.message).toMatch(/^Invalid channel, supported values are 'sms' or 'whatsapp'/);
  });

  it("refuses a code from a challenge that expired", async () => {
    const { c } = await signedUpClient();
    const phone = uniquePhone();
    const { data } = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${phone}` });
    const { challengeId, sms } = await challengeAndReadSms(c, data?.id ?? "", phone);
    await t.stack.db.admin.query(
      "update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1",
      [challengeId],
    );
    const { error } = await c.auth.mfa.verify({ factorId: data?.id ?? "", challengeId, code: sms.otp });
    expect(error).toMatchObject({ status: 422, code: "mfa_challenge_expired" });
  });
});

describe("phone enrolment rules", () => {
  it("validates and normalises the number", async () => {
    const { c } = await signedUpClient();
    const missing = await authFetch(t, "/factors", {
      body: { factor_type: "phone" },
      token: (await c.auth.getSession()).data.session?.access_token ?? "",
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "Phone number required to enroll Phone factor" },
    });
    const invalid = await c.auth.mfa.enroll({ factorType: "phone", phone: "+0123" });
    expect(invalid.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Invalid phone number format (E.164 required)",
    });
    const phone = uniquePhone();
    const spaced = `+${phone.slice(0, 1)} ${phone.slice(1, 4)} ${phone.slice(4)}`;
    const enrolled = await c.auth.mfa.enroll({ factorType: "phone", phone: spaced });
    expect(enrolled.data).toMatchObject({ type: "phone", phone: spaced });
    expect((await c.auth.mfa.listFactors()).data?.all).toMatchObject([{ id: enrolled.data?.id, phone }]);
  });

  it("replaces an unverified factor for the same number and refuses a verified one", async () => {
    const { c, phone, factorId } = await userWithVerifiedPhone();
    const again = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${phone}`, friendlyName: "again" });
    expect(again.error).toMatchObject({ status: 422, code: "mfa_verified_factor_exists" });

    const other = uniquePhone();
    const first = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${other}`, friendlyName: "spare" });
    const second = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${other}`, friendlyName: "spare" });
    expect(second.error).toBeNull();
    const ids = ((await c.auth.mfa.listFactors()).data?.all ?? []).map((factor) => factor.id).sort();
    expect(ids).toEqual([factorId, second.data?.id].sort());
    expect(ids).not.toContain(first.data?.id);
  });

  it("keeps friendly names unique and honours max_enrolled_factors and the TOTP switch", async () => {
    const { c } = await signedUpClient();
    expect(
      (await c.auth.mfa.enroll({ factorType: "phone", phone: `+${uniquePhone()}`, friendlyName: "mobile" })).error,
    ).toBeNull();
    const clash = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${uniquePhone()}`, friendlyName: "mobile" });
    expect(clash.error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict" });
    expect(
      (await c.auth.mfa.enroll({ factorType: "phone", phone: `+${uniquePhone()}`, friendlyName: "desk" })).error,
    ).toBeNull();
    const third = await c.auth.mfa.enroll({ factorType: "phone", phone: `+${uniquePhone()}`, friendlyName: "third" });
    expect(third.error).toMatchObject({ status: 422, code: "too_many_enrolled_mfa_factors" });
    const totp = await c.auth.mfa.enroll({ factorType: "totp" });
    expect(totp.error).toMatchObject({
      status: 422,
      code: "mfa_totp_enroll_not_enabled",
      message: "MFA enroll is disabled for TOTP",
    });
  });
});

describe("admin factor updates", () => {
  it("renames a phone factor and changes its number through PUT /admin/users/{id}/factors/{fid}", async () => {
    const { c } = await signedUpClient();
    const userId = (await c.auth.getUser()).data.user?.id ?? "";
    const { data } = await c.auth.mfa.enroll({
      factorType: "phone",
      phone: `+${uniquePhone()}`,
      friendlyName: "old name",
    });
    const next = uniquePhone();
    const admin = { token: t.stack.keys.serviceRoleKey, method: "PUT" };
    const updated = await authFetch(t, `/admin/users/${userId}/factors/${data?.id}`, {
      ...admin,
      body: { friendly_name: "new name", phone: `+${next}` },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { id: data?.id, friendly_name: "new name", phone: next, factor_type: "phone" },
    });
    const invalid = await authFetch(t, `/admin/users/${userId}/factors/${data?.id}`, {
      ...admin,
      body: { phone: "+0" },
    });
    expect(invalid).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    const listed = await testClient(t.url, t.stack.keys.secretKey).auth.admin.mfa.listFactors({ userId });
    expect(listed.data?.factors).toMatchObject([{ id: data?.id, friendly_name: "new name", phone: next }]);
  });
});
