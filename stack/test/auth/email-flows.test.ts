import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import { countMail, waitForMail } from "./support/mailbox.ts";
import { fragmentOf, openLink, pkceClient, recordEvents } from "./support/session-user.ts";

let t: TestStack;
let mailbox: string;
beforeAll(async () => {
  t = await startTestStack("auth");
  mailbox = t.stack.status().INBUCKET_URL;
});
afterAll(() => t?.close());

const client = () => testClient(t.url, t.stack.keys.publishableKey);
const PASSWORD = "Correct-horse-1";

async function signUpConfirmed(label: string) {
  const email = uniqueEmail(label);
  await client().auth.signUp({ email, password: PASSWORD });
  const mail = await waitForMail(mailbox, email);
  await client().auth.verifyOtp({ email, token: mail.otp, type: "signup" });
  return email;
}

describe("sign-up with email confirmation", () => {
  it("mails a confirmation (custom subject and template) and the link signs the user in", async () => {
    const email = uniqueEmail("confirm");
    const { data, error } = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: "Ada" }, emailRedirectTo: "http://localhost:3000/welcome" },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.confirmation_sent_at).toBeDefined();
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const early = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: "email_not_confirmed", message: "Email not confirmed" });

    const mail = await waitForMail(mailbox, email);
    expect(mail.Subject).toBe(`Welcome to Parley: confirm ${email}`);
    expect(mail.HTML).toContain(`Site http://localhost:3000 redirect http://localhost:3000/welcome email ${email}`);
    expect(mail.HTML).toContain("name Ada");
    expect(mail.otp).toMatch(/^\d{6}$/);
    expect(mail.link).toMatch(
      new RegExp(
        `^${t.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=http://localhost:3000/welcome$`,
      ),
    );

    const { status, location } = await openLink(mail.link);
    expect(status).toBe(303);
    expect(location.origin + location.pathname).toBe("http://localhost:3000/welcome");
    const fragment = fragmentOf(location);
    expect([...fragment.keys()]).toEqual([
      "access_token",
      "expires_at",
      "expires_in",
      "refresh_token",
      "sb",
      "token_type",
      "type",
    ]);
    expect(fragment.get("type")).toBe("signup");
    expect(decodeJwt(fragment.get("access_token") ?? "").claims.amr).toEqual([
      { method: "otp", timestamp: expect.any(Number) },
    ]);

    const c = client();
    const events = recordEvents(c);
    const session = await c.auth.setSession({
      access_token: fragment.get("access_token") ?? "",
      refresh_token: fragment.get("refresh_token") ?? "",
    });
    expect(session.error).toBeNull();
    expect(session.data.user?.email_confirmed_at).toBeDefined();
    expect(session.data.user?.user_metadata).toMatchObject({ name: "Ada", email_verified: true });
    expect(events).toContain("SIGNED_IN");
    // The link is single use.
    const again = await openLink(mail.link);
    expect(fragmentOf(again.location).get("error_code")).toBe("otp_expired");
  });

  it("confirms with the code through verifyOtp", async () => {
    const email = uniqueEmail("code");
    await client().auth.signUp({ email, password: PASSWORD });
    const mail = await waitForMail(mailbox, email);
    const { data, error } = await client().auth.verifyOtp({ email, token: mail.otp, type: "signup" });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeDefined();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it("answers a repeated sign-up of a confirmed address with an obfuscated user and no mail", async () => {
    const email = await signUpConfirmed("repeat");
    const before = await countMail(mailbox, email);
    const { data, error } = await client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.role).toBe("");
    expect(await countMail(mailbox, email)).toBe(before);
  });

  it("resends the confirmation", async () => {
    const email = uniqueEmail("resend");
    await client().auth.signUp({ email, password: PASSWORD });
    const seen = new Set<string>();
    const first = await waitForMail(mailbox, email, { seen });
    expect((await client().auth.resend({ type: "signup", email })).error).toBeNull();
    const second = await waitForMail(mailbox, email, { seen });
    expect(second.otp).not.toBe(first.otp);
    // The old code died with the new one.
    expect((await client().auth.verifyOtp({ email, token: first.otp, type: "signup" })).error).toMatchObject({
      status: 403,
      code: "otp_expired",
    });
  });

  it("exchanges a PKCE code from the confirmation link", async () => {
    const email = uniqueEmail("pkce");
    const c = pkceClient(t);
    await c.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: "http://localhost:3000/auth/callback" },
    });
    const mail = await waitForMail(mailbox, email);
    expect(mail.link).toContain("token=pkce_");
    const { status, location } = await openLink(mail.link);
    expect(status).toBe(303);
    const code = location.searchParams.get("code") ?? "";
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await c.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(decodeJwt(data.session?.access_token ?? "").claims.amr).toEqual([
      { method: "email/signup", timestamp: expect.any(Number) },
    ]);
    const reused = await authFetch(t, "/token?grant_type=pkce", {
      body: { auth_code: code, code_verifier: "x".repeat(43) },
    });
    expect(reused).toMatchObject({ status: 404, body: { code: "flow_state_not_found" } });
  });
});

describe("magic link and email OTP", () => {
  it("mails a confirmed user a magic link whose code signs in with type email", async () => {
    const email = await signUpConfirmed("magic");
    const seen = new Set<string>();
    await waitForMail(mailbox, email, { seen });
    expect((await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await waitForMail(mailbox, email, { seen });
    expect(mail.HTML).toContain("<h2>magic_link</h2>");
    expect(mail.link).toContain("type=magiclink");
    const { data, error } = await client().auth.verifyOtp({ email, token: mail.otp, type: "email" });
    expect(error).toBeNull();
    expect(decodeJwt(data.session?.access_token ?? "").claims.amr).toEqual([
      { method: "otp", timestamp: expect.any(Number) },
    ]);
  });

  it("signs up a new address through OTP with the confirmation template", async () => {
    const email = uniqueEmail("otp-new");
    expect((await client().auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await waitForMail(mailbox, email);
    expect(mail.HTML).toContain("<h2>confirmation</h2>");
    const { data } = await client().auth.verifyOtp({ email, token: mail.otp, type: "email" });
    expect(data.user?.email_confirmed_at).toBeDefined();
  });

  it("refuses to create a user when shouldCreateUser is false", async () => {
    const { error } = await client().auth.signInWithOtp({
      email: uniqueEmail("nobody"),
      options: { shouldCreateUser: false },
    });
    expect(error).toMatchObject({ status: 422, code: "otp_disabled", message: "Signups not allowed for otp" });
  });

  it("signs in through a PKCE magic link", async () => {
    const email = await signUpConfirmed("pkce-magic");
    const seen = new Set<string>();
    await waitForMail(mailbox, email, { seen });
    const c = pkceClient(t);
    await c.auth.signInWithOtp({ email, options: { emailRedirectTo: "http://localhost:3000/cb" } });
    const mail = await waitForMail(mailbox, email, { seen });
    const { location } = await openLink(mail.link);
    const { data, error } = await c.auth.exchangeCodeForSession(location.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(decodeJwt(data.session?.access_token ?? "").claims.amr).toEqual([
      { method: "magiclink", timestamp: expect.any(Number) },
    ]);
  });
});

describe("password recovery", () => {
  it("emits PASSWORD_RECOVERY after the PKCE recovery link and lets the user set a new password", async () => {
    const email = await signUpConfirmed("recover");
    const seen = new Set<string>();
    await waitForMail(mailbox, email, { seen });
    const c = pkceClient(t);
    const events = recordEvents(c);
    expect((await c.auth.resetPasswordForEmail(email, { redirectTo: "http://localhost:3000/reset" })).error).toBeNull();
    const mail = await waitForMail(mailbox, email, { seen });
    expect(mail.link).toContain("type=recovery");
    const { location } = await openLink(mail.link);
    expect((await c.auth.exchangeCodeForSession(location.searchParams.get("code") ?? "")).error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");
    expect((await c.auth.updateUser({ password: "New-password-2" })).error).toBeNull();
    expect(events).toContain("USER_UPDATED");
    expect((await client().auth.signInWithPassword({ email, password: "New-password-2" })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      "invalid_credentials",
    );
  });

  it("emits PASSWORD_RECOVERY for a recovery code", async () => {
    const email = await signUpConfirmed("recover-otp");
    const seen = new Set<string>();
    await waitForMail(mailbox, email, { seen });
    await client().auth.resetPasswordForEmail(email);
    const mail = await waitForMail(mailbox, email, { seen });
    const c = client();
    const events = recordEvents(c);
    expect((await c.auth.verifyOtp({ email, token: mail.otp, type: "recovery" })).error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");
  });

  it("answers an unknown address exactly like a known one, without mail", async () => {
    const email = uniqueEmail("unknown");
    const response = await authFetch(t, "/recover", { body: { email } });
    expect(response).toMatchObject({ status: 200, body: {} });
    expect(await countMail(mailbox, email)).toBe(0);
  });
});

describe("redirects", () => {
  it("replaces a redirect_to outside the allow list with site_url", async () => {
    const email = uniqueEmail("redirect");
    await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: "https://evil.example.net/steal" },
    });
    const mail = await waitForMail(mailbox, email);
    expect(mail.link).toContain("redirect_to=http://localhost:3000");
    expect(mail.link).not.toContain("evil");
    const { location } = await openLink(mail.link);
    expect(location.origin).toBe("http://localhost:3000");
  });

  it("accepts a glob match and answers bad links with error params", async () => {
    const { location, status } = await openLink(
      `${t.url}/auth/v1/verify?token=nope&type=signup&redirect_to=https://app.example.com/done`,
    );
    expect(status).toBe(303);
    expect(location.origin + location.pathname).toBe("https://app.example.com/done");
    expect(Object.fromEntries(fragmentOf(location))).toEqual({
      error: "access_denied",
      error_code: "otp_expired",
      error_description: "Email link is invalid or has expired",
      sb: "",
    });
  });
});

describe("reauthentication and password change", () => {
  async function oldSession(email: string) {
    const c = client();
    const { data } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    await t.stack.db.admin.query("update auth.sessions set created_at = now() - interval '25 hours' where id = $1", [
      decodeJwt(data.session?.access_token ?? "").claims.session_id,
    ]);
    return c;
  }

  it("needs the nonce on a session older than 24 h and accepts it", async () => {
    const email = await signUpConfirmed("reauth");
    const seen = new Set<string>();
    await waitForMail(mailbox, email, { seen });
    const c = await oldSession(email);
    expect((await c.auth.updateUser({ password: "Another-pass-3" })).error).toMatchObject({
      status: 400,
      code: "reauthentication_needed",
    });
    expect((await c.auth.updateUser({ password: "Another-pass-3", nonce: "000000" })).error).toMatchObject({
      status: 422,
      code: "reauthentication_not_valid",
    });
    expect((await c.auth.reauthenticate()).error).toBeNull();
    const mail = await waitForMail(mailbox, email, { seen, subject: /is your verification code$/ });
    expect(mail.Subject).toBe(`${mail.otp} is your verification code`);
    expect((await c.auth.updateUser({ password: "Another-pass-3", nonce: mail.otp })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: "Another-pass-3" })).error).toBeNull();
  });

  it.each([
    ["too short", "Ab1", 422, "weak_password", ["length"]],
    ["missing classes", "alllowercase", 422, "weak_password", ["characters"]],
    ["the same password", PASSWORD, 422, "same_password", undefined],
  ])("refuses a new password that is %s", async (_name, password, status, code, reasons) => {
    const email = await signUpConfirmed("policy");
    const c = client();
    await c.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await c.auth.updateUser({ password });
    expect(error).toMatchObject({ status, code });
    if (reasons) expect((error as unknown as { reasons: string[] }).reasons).toEqual(reasons);
  });
});

describe("email change with double confirmation", () => {
  it("mails both addresses; the first code is accepted, the second completes", async () => {
    const email = await signUpConfirmed("change");
    const newEmail = uniqueEmail("changed");
    const c = client();
    await c.auth.signInWithPassword({ email, password: PASSWORD });
    const seen = new Set<string>();
    await waitForMail(mailbox, email, { seen });
    const { data, error } = await c.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(newEmail);
    expect(data.user?.email_change_sent_at).toBeDefined();
    const toNew = await waitForMail(mailbox, newEmail, { seen });
    const toCurrent = await waitForMail(mailbox, email, { seen });
    expect(toNew.HTML).toContain(`new ${newEmail} to ${newEmail}`);
    expect(toCurrent.HTML).toContain(`new ${newEmail} to ${email}`);
    expect(toNew.otp).not.toBe(toCurrent.otp);

    const first = await client().auth.verifyOtp({ email: newEmail, token: toNew.otp, type: "email_change" });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await client().auth.verifyOtp({ email, token: toCurrent.otp, type: "email_change" });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
    expect((await client().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it("answers the first link of a double-confirmed change with the message redirect", async () => {
    const email = await signUpConfirmed("change-link");
    const newEmail = uniqueEmail("changed-link");
    const c = client();
    await c.auth.signInWithPassword({ email, password: PASSWORD });
    const seen = new Set<string>();
    await waitForMail(mailbox, email, { seen });
    await c.auth.updateUser({ email: newEmail }, { emailRedirectTo: "http://localhost:3000/settings" });
    const toNew = await waitForMail(mailbox, newEmail, { seen });
    const toCurrent = await waitForMail(mailbox, email, { seen });
    const first = await openLink(toNew.link);
    expect(first.location.pathname).toBe("/settings");
    expect(Object.fromEntries(fragmentOf(first.location))).toEqual({
      message: "Confirmation link accepted. Please proceed to confirm link sent to the other email",
      sb: "",
    });
    const second = await openLink(toCurrent.link);
    expect(fragmentOf(second.location).get("type")).toBe("email_change");
    expect(decodeJwt(fragmentOf(second.location).get("access_token") ?? "").claims.email).toBe(newEmail);
  });

  it("refuses an address another user has", async () => {
    const email = await signUpConfirmed("taken-a");
    const other = await signUpConfirmed("taken-b");
    const c = client();
    await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await c.auth.updateUser({ email: other })).error).toMatchObject({ status: 422, code: "email_exists" });
  });
});

describe("phone sign-up with SMS in the mailbox", () => {
  it("sends the code to the mailbox and confirms with type sms", async () => {
    const phone = `1555${String(Date.now()).slice(-7)}`;
    const { data, error } = await client().auth.signUp({ phone: `+${phone}`, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone);
    const sms = await waitForMail(mailbox, `+${phone}`);
    expect(sms.Tags).toEqual(["sms"]);
    expect(sms.Text).toMatch(/^Your Parley code is \d{6}$/);
    const verified = await client().auth.verifyOtp({ phone, token: sms.otp, type: "sms" });
    expect(verified.error).toBeNull();
    expect(decodeJwt(verified.data.session?.access_token ?? "").claims.phone).toBe(phone);
  });

  it("accepts the fixed code of a test number without sending anything", async () => {
    await client().auth.signUp({ phone: "+15550001111", password: PASSWORD });
    const { error } = await client().auth.verifyOtp({ phone: "15550001111", token: "123456", type: "sms" });
    expect(error).toBeNull();
    expect(await countMail(mailbox, "+15550001111")).toBe(0);
  });
});

describe("phone change and resends", () => {
  it("changes the phone after the code sent to the new number", async () => {
    const email = await signUpConfirmed("phone-change");
    const c = client();
    await c.auth.signInWithPassword({ email, password: PASSWORD });
    const phone = `1556${String(Date.now()).slice(-7)}`;
    const { data, error } = await c.auth.updateUser({ phone: `+${phone}` });
    expect(error).toBeNull();
    expect(data.user?.new_phone).toBe(phone);
    const seen = new Set<string>();
    const sms = await waitForMail(mailbox, `+${phone}`, { seen });
    expect((await client().auth.resend({ type: "phone_change", phone })).error).toBeNull();
    const resent = await waitForMail(mailbox, `+${phone}`, { seen });
    expect(resent.otp).not.toBe(sms.otp);
    const verified = await client().auth.verifyOtp({ phone, token: resent.otp, type: "phone_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ phone, app_metadata: { providers: ["email", "phone"] } });
  });

  it("re-sends both email-change mails", async () => {
    const email = await signUpConfirmed("resend-change");
    const newEmail = uniqueEmail("resend-changed");
    const c = client();
    await c.auth.signInWithPassword({ email, password: PASSWORD });
    await c.auth.updateUser({ email: newEmail });
    const seen = new Set<string>();
    await waitForMail(mailbox, newEmail, { seen });
    expect((await client().auth.resend({ type: "email_change", email })).error).toBeNull();
    await waitForMail(mailbox, newEmail, { seen });
  });

  it.each([
    ["signup for an unknown address", { type: "signup", email: "nobody-resend@example.com" }],
    ["signup for a confirmed address", { type: "signup", email: "" }],
  ])("answers a resend of %s with {} and sends nothing", async (_name, body) => {
    const email = body.email || (await signUpConfirmed("resend-confirmed"));
    const before = await countMail(mailbox, email);
    expect(await authFetch(t, "/resend", { body: { ...body, email } })).toMatchObject({ status: 200, body: {} });
    expect(await countMail(mailbox, email)).toBe(before);
  });
});

describe("custom access token hook", () => {
  it("runs the configured Postgres function on every token it signs", async () => {
    const email = await signUpConfirmed("hook");
    const first = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(decodeJwt(first.data.session?.access_token ?? "").claims.user_role).toBe("member");
    await t.stack.db.admin.query("insert into public.user_roles (user_id, role) values ($1, 'admin')", [
      first.data.user?.id,
    ]);
    const refreshed = await client().auth.refreshSession({ refresh_token: first.data.session?.refresh_token ?? "" });
    expect(decodeJwt(refreshed.data.session?.access_token ?? "").claims).toMatchObject({
      user_role: "admin",
      role: "authenticated",
      aal: "aal1",
    });
  });

  it("undoes a refresh whose hook fails, so the same refresh token works once the hook does", async () => {
    const email = await signUpConfirmed("hook-failure");
    const { data } = await client().auth.signInWithPassword({ email, password: PASSWORD });
    const refreshToken = data.session?.refresh_token ?? "";
    const sessionId = decodeJwt(data.session?.access_token ?? "").claims.session_id;
    const refresh = () => authFetch(t, "/token?grant_type=refresh_token", { body: { refresh_token: refreshToken } });
    const tokens = async () =>
      (
        await t.stack.db.admin.query<{ token: string; revoked: boolean }>(
          "select token, revoked from auth.refresh_tokens where session_id = $1 order by id",
          [sessionId],
        )
      ).rows;
    await t.stack.db.admin.query("revoke select on public.user_roles from supabase_auth_admin");
    try {
      expect(await refresh()).toMatchObject({ status: 500, body: { code: "unexpected_failure" } });
    } finally {
      await t.stack.db.admin.query("grant select on public.user_roles to supabase_auth_admin");
    }
    expect(await tokens()).toEqual([{ token: refreshToken, revoked: false }]);
    const retried = await refresh();
    expect(retried.status).toBe(200);
    expect(await tokens()).toEqual([
      { token: refreshToken, revoked: true },
      { token: retried.body.refresh_token, revoked: false },
    ]);
  });
});
