import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, uniqueEmail } from "./support/auth-api.ts";
import { countMail, waitForMail } from "./support/mailbox.ts";
import { fragmentOf, openLink } from "./support/session-user.ts";

let t: TestStack;
let mailbox: string;
beforeAll(async () => {
  t = await startTestStack("auth");
  mailbox = t.stack.status().INBUCKET_URL;
});
afterAll(() => t?.close());

const admin = () => testClient(t.url, t.stack.keys.secretKey).auth.admin;
const client = () => testClient(t.url, t.stack.keys.publishableKey);
const PASSWORD = "Correct-horse-1";

describe("admin users", () => {
  it("creates a confirmed user with metadata that can sign in, skipping the password policy", async () => {
    const email = uniqueEmail("admin-create");
    const { data, error } = await admin().createUser({
      email,
      password: "short",
      email_confirm: true,
      user_metadata: { name: "Ada" },
      app_metadata: { plan: "pro" },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      app_metadata: { provider: "email", providers: ["email"], plan: "pro" },
      user_metadata: { name: "Ada", email_verified: true },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeDefined();
    expect(data.user?.identities?.[0]?.provider).toBe("email");
    expect((await client().auth.signInWithPassword({ email, password: "short" })).error).toBeNull();
  });

  it.each([
    ["no email or phone", { password: PASSWORD }, 400, "validation_failed"],
    [
      "both password and hash",
      { email: "x@example.com", password: PASSWORD, password_hash: "$2a$10$abc" },
      400,
      "validation_failed",
    ],
  ])("refuses a create with %s", async (_name, body, status, code) => {
    expect(await authFetch(t, "/admin/users", { body, token: t.stack.keys.serviceRoleKey })).toMatchObject({
      status,
      body: { code },
    });
  });

  it("refuses a duplicate address with email_exists", async () => {
    const email = uniqueEmail("admin-dup");
    await admin().createUser({ email, password: PASSWORD });
    expect((await admin().createUser({ email, password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: "email_exists",
    });
  });

  it("lists users a page at a time with X-Total-Count and a Link header supabase-js parses", async () => {
    for (let i = 0; i < 3; i++) await admin().createUser({ email: uniqueEmail("page"), password: PASSWORD });
    const { data: listed, error } = await admin().listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    const data = listed as typeof listed & { total: number; nextPage: number | null; lastPage: number };
    expect(data.users).toHaveLength(2);
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.nextPage).toBe(2);
    expect(data.lastPage).toBe(Math.ceil(data.total / 2) % 10);
    const raw = await authFetch(t, "/admin/users?page=1&per_page=2", { token: t.stack.keys.serviceRoleKey });
    expect(raw.headers.get("link")).toMatch(
      /^<\/admin\/users\?page=2&per_page=2>; rel="next", <\/admin\/users\?page=\d+&per_page=2>; rel="last"$/,
    );
    expect(raw.body.aud).toBe("authenticated");
  });

  it("filters the list by email", async () => {
    const email = uniqueEmail("findme-zq");
    await admin().createUser({ email, password: PASSWORD });
    const raw = await authFetch(t, `/admin/users?filter=${encodeURIComponent("findme-zq")}`, {
      token: t.stack.keys.serviceRoleKey,
    });
    expect((raw.body.users as { email: string }[]).map((u) => u.email)).toEqual([email]);
    expect(raw.headers.get("x-total-count")).toBe("1");
  });

  it("gets a user by id and answers unknown or malformed ids with 404", async () => {
    const { data } = await admin().createUser({ email: uniqueEmail("get"), password: PASSWORD });
    expect((await admin().getUserById(data.user?.id ?? "")).data.user?.id).toBe(data.user?.id);
    expect((await admin().getUserById("00000000-0000-4000-8000-000000000000")).error).toMatchObject({
      status: 404,
      code: "user_not_found",
    });
    // supabase-js checks the UUID itself; a raw call gets GoTrue's answer.
    expect(await authFetch(t, "/admin/users/not-a-uuid", { token: t.stack.keys.serviceRoleKey })).toMatchObject({
      status: 404,
      body: { code: "validation_failed", message: "user_id must be an UUID" },
    });
  });

  it("updates metadata (null deletes), bans, and signs everyone out on a new password", async () => {
    const email = uniqueEmail("update");
    const { data } = await admin().createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { a: 1, b: 2 },
    });
    const id = data.user?.id ?? "";
    const signedIn = await client().auth.signInWithPassword({ email, password: PASSWORD });
    const updated = await admin().updateUserById(id, { user_metadata: { a: null, c: 3 } });
    expect(updated.data.user?.user_metadata).toMatchObject({ b: 2, c: 3 });
    expect(updated.data.user?.user_metadata).not.toHaveProperty("a");

    expect((await admin().updateUserById(id, { password: "Brand-new-pass-4" })).error).toBeNull();
    const refresh = await client().auth.refreshSession({ refresh_token: signedIn.data.session?.refresh_token ?? "" });
    expect(refresh.error).toMatchObject({ status: 400 });

    expect((await admin().updateUserById(id, { ban_duration: "24h" })).data.user?.banned_until).toBeDefined();
    expect((await client().auth.signInWithPassword({ email, password: "Brand-new-pass-4" })).error).toMatchObject({
      status: 400,
      code: "user_banned",
    });
    await admin().updateUserById(id, { ban_duration: "none" });
    expect((await client().auth.signInWithPassword({ email, password: "Brand-new-pass-4" })).error).toBeNull();
  });

  it("deletes hard and soft", async () => {
    const hard = await admin().createUser({ email: uniqueEmail("hard"), password: PASSWORD });
    expect((await admin().deleteUser(hard.data.user?.id ?? "")).error).toBeNull();
    expect((await admin().getUserById(hard.data.user?.id ?? "")).error?.code).toBe("user_not_found");
    const email = uniqueEmail("soft");
    const soft = await admin().createUser({ email, password: PASSWORD, email_confirm: true });
    expect((await admin().deleteUser(soft.data.user?.id ?? "", true)).error).toBeNull();
    const after = await admin().getUserById(soft.data.user?.id ?? "");
    expect(after.data.user?.deleted_at).toBeDefined();
    expect(after.data.user?.email).not.toBe(email);
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      "invalid_credentials",
    );
  });

  it("lists and deletes a user's MFA factors", async () => {
    const { data } = await admin().createUser({ email: uniqueEmail("factors"), password: PASSWORD });
    const userId = data.user?.id ?? "";
    expect((await admin().mfa.listFactors({ userId })).data?.factors).toEqual([]);
    const factorId = "11111111-1111-4111-8111-111111111111";
    await t.stack.db.admin.query(
      "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at) values ($1, $2, 'phone app', 'totp', 'verified', now(), now())",
      [factorId, userId],
    );
    const listed = await admin().mfa.listFactors({ userId });
    expect(listed.data?.factors).toMatchObject([
      { id: factorId, factor_type: "totp", status: "verified", friendly_name: "phone app", phone: "" },
    ]);
    expect((await admin().mfa.deleteFactor({ userId, id: factorId })).error).toBeNull();
    expect((await admin().mfa.listFactors({ userId })).data?.factors).toEqual([]);
    expect((await admin().mfa.deleteFactor({ userId, id: factorId })).error).toMatchObject({
      status: 404,
      code: "mfa_factor_not_found",
    });
  });

  it("refuses admin calls without the service role with not_admin", async () => {
    const email = uniqueEmail("plain");
    await admin().createUser({ email, password: PASSWORD, email_confirm: true });
    const c = client();
    const { data } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    const response = await authFetch(t, "/admin/users", { token: data.session?.access_token });
    expect(response).toMatchObject({ status: 403, body: { code: "not_admin", message: "User not allowed" } });
  });
});

describe("invites and generated links", () => {
  it("invites by email; the link confirms and signs the invited user in", async () => {
    const email = uniqueEmail("invite");
    const { data, error } = await admin().inviteUserByEmail(email, {
      data: { team: "core" },
      redirectTo: "http://localhost:3000/join",
    });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeDefined();
    const mail = await waitForMail(mailbox, email);
    expect(mail.HTML).toContain("<h2>invite</h2>");
    expect(mail.link).toContain("type=invite");
    const { location } = await openLink(mail.link);
    expect(location.pathname).toBe("/join");
    expect(fragmentOf(location).get("type")).toBe("invite");
    expect((await admin().inviteUserByEmail(email)).error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("generates links without sending mail; magiclink for a new address becomes signup", async () => {
    const email = uniqueEmail("gen");
    const { data, error } = await admin().generateLink({ type: "magiclink", email });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({ verification_type: "signup", redirect_to: "http://localhost:3000" });
    expect(data.properties?.action_link).toContain(`token=${data.properties?.hashed_token}&type=signup`);
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(await countMail(mailbox, email)).toBe(0);
    const verified = await client().auth.verifyOtp({ token_hash: data.properties?.hashed_token ?? "", type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);

    const recovery = await admin().generateLink({ type: "recovery", email });
    const byCode = await client().auth.verifyOtp({
      email,
      token: recovery.data.properties?.email_otp ?? "",
      type: "recovery",
    });
    expect(byCode.error).toBeNull();
  });

  it.each([
    [
      "recovery for an unknown address",
      { type: "recovery", email: "nobody-at-all@example.com" },
      404,
      "user_not_found",
    ],
    [
      "signup without a password",
      { type: "signup", email: "new-without-password@example.com" },
      400,
      "validation_failed",
    ],
  ])("refuses %s", async (_name, body, status, code) => {
    expect(await authFetch(t, "/admin/generate_link", { body, token: t.stack.keys.serviceRoleKey })).toMatchObject({
      status,
      body: { code },
    });
  });

  it("refuses a signup link for a confirmed address with email_exists", async () => {
    const email = uniqueEmail("gen-confirmed");
    await admin().createUser({ email, password: PASSWORD, email_confirm: true });
    const response = await authFetch(t, "/admin/generate_link", {
      body: { type: "signup", email, password: PASSWORD },
      token: t.stack.keys.serviceRoleKey,
    });
    expect(response).toMatchObject({ status: 422, body: { code: "email_exists" } });
  });
});

describe("the OAuth 2.1 server while [auth.oauth_server] enabled is off (the CLI default)", () => {
  it.each([
    ["GET", "/admin/oauth/clients"],
    ["POST", "/admin/oauth/clients"],
    ["POST", "/oauth/clients/register"],
    ["GET", "/oauth/authorize?client_id=x&redirect_uri=y"],
    ["POST", "/oauth/token"],
  ])("%s %s answers 404 feature_disabled", async (method, path) => {
    const response = await authFetch(t, path, {
      method,
      body: method === "POST" ? {} : undefined,
      token: t.stack.keys.serviceRoleKey,
    });
    expect(response).toMatchObject({
      status: 404,
      body: { code: "feature_disabled", message: "OAuth server is disabled" },
    });
  });
});
