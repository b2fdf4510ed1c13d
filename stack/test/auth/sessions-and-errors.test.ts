import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { nowSeconds, signWithForeignKey, signWithStackKey } from "../support/tokens.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import { parseTrustedProxies } from "../../src/gateway/index.ts";

// Per-IP limits apply only when the client's address has a configured source (as GoTrue's rate-limit
// header): trusted proxies here, in a range the test client is not in, so its own
// X-Forwarded-For is not believed and its socket address counts.
const CLIENT_ADDRESS_CONFIGURED = parseTrustedProxies("192.0.2.0/24");

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-autoconfirm", { trustedProxies: CLIENT_ADDRESS_CONFIGURED });
});
afterAll(() => t?.close());

const client = () => testClient(t.url, t.stack.keys.publishableKey);
const PASSWORD = "correct-horse-1";

async function newUser() {
  const email = uniqueEmail("user");
  const { data } = await client().auth.signUp({ email, password: PASSWORD });
  return { email, session: data.session as NonNullable<typeof data.session> };
}
const refresh = (token: string) => authFetch(t, "/token?grant_type=refresh_token", { body: { refresh_token: token } });

describe("sign-out scopes", () => {
  it.each([
    ["local", [false, true, true]],
    ["others", [true, false, false]],
    ["global", [false, false, false]],
  ] as const)("scope %s ends the right sessions", async (scope, alive) => {
    const { email, session: first } = await newUser();
    const second = (await client().auth.signInWithPassword({ email, password: PASSWORD })).data.session;
    const third = (await client().auth.signInWithPassword({ email, password: PASSWORD })).data.session;
    const c = client();
    await c.auth.setSession({ access_token: first.access_token, refresh_token: first.refresh_token });
    const current = (await c.auth.getSession()).data.session?.refresh_token ?? "";
    expect((await c.auth.signOut({ scope })).error).toBeNull();
    const results = await Promise.all([current, second?.refresh_token ?? "", third?.refresh_token ?? ""].map(refresh));
    expect(results.map((r) => r.status === 200)).toEqual(alive);
  });

  it("answers 204 and refuses an unknown scope", async () => {
    const { session } = await newUser();
    expect(
      (await authFetch(t, "/logout?scope=everywhere", { method: "POST", token: session.access_token })).status,
    ).toBe(400);
    const response = await fetch(`${t.url}/auth/v1/logout`, {
      method: "POST",
      headers: { apikey: t.stack.keys.publishableKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });
});

describe("anonymous sign-in", () => {
  it("creates an anonymous user with the hosted claims and converts it by adding an email", async () => {
    const c = client();
    const { data, error } = await c.auth.signInAnonymously({ options: { data: { theme: "dark" } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: "",
      phone: "",
      identities: [],
      app_metadata: {},
      user_metadata: { theme: "dark" },
    });
    const { claims } = decodeJwt(data.session?.access_token ?? "");
    expect(claims).toMatchObject({ is_anonymous: true, role: "authenticated", email: "", phone: "" });
    expect((claims.amr as { method: string }[])[0]?.method).toBe("anonymous");
    const email = uniqueEmail("anon");
    const converted = await c.auth.updateUser({ email });
    expect(converted.error).toBeNull();
    expect(converted.data.user).toMatchObject({
      email,
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
    });
  });

  it("refuses a password for an anonymous user without email or phone", async () => {
    const c = client();
    await c.auth.signInAnonymously();
    expect((await c.auth.updateUser({ password: "Another-pass-9" })).error).toMatchObject({
      status: 422,
      code: "validation_failed",
    });
  });

  it("limits anonymous sign-ins per IP (anonymous_users) with 429", async () => {
    let error: unknown = null;
    for (let i = 0; i < 5 && !error; i++) error = (await client().auth.signInAnonymously()).error;
    expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
  });
});

describe("bearer checks on /user", () => {
  it.each([
    ["the anon key (no sub)", async () => t.stack.keys.anonKey, 403, "bad_jwt", "invalid claim: missing sub claim"],
    [
      "an expired token",
      async () => signWithStackKey(t.stack, { sub: "x", role: "authenticated", exp: nowSeconds() - 120 }),
      403,
      "bad_jwt",
      "invalid JWT: unable to parse or verify signature, JWT expired",
    ],
    [
      "a token signed by another key",
      async () => signWithForeignKey(t.stack, { sub: "x", role: "authenticated" }),
      403,
      "bad_jwt",
      undefined,
    ],
    [
      "a deleted user's token",
      async () =>
        signWithStackKey(t.stack, {
          sub: "00000000-0000-4000-8000-000000000000",
          role: "authenticated",
          exp: nowSeconds() + 60,
        }),
      403,
      "user_not_found",
      undefined,
    ],
  ])("refuses %s", async (_name, token, status, code, message) => {
    const response = await authFetch(t, "/user", { token: await token() });
    expect(response).toMatchObject({ status, body: { code } });
    if (message) expect(response.body.message).toBe(message);
  });

  // The CLI's gateway maps only the publishable and secret keys to `Bearer <JWT>`; any other apikey
  // (a legacy JWT key) reaches GoTrue as the raw Authorization value, which holds no bearer token.
  it.each([
    ["/user", () => t.stack.keys.anonKey, 401, "no_authorization", "This endpoint requires a valid Bearer token"],
    [
      "/admin/users",
      () => t.stack.keys.serviceRoleKey,
      401,
      "no_authorization",
      "This endpoint requires a valid Bearer token",
    ],
    ["/user", () => t.stack.keys.publishableKey, 403, "bad_jwt", "invalid claim: missing sub claim"],
  ])(
    "with no Authorization header, %s answers as GoTrue behind the CLI's gateway",
    async (path, apikey, status, code, message) => {
      const response = await fetch(`${t.url}/auth/v1${path}`, { headers: { apikey: apikey() } });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ code: status, error_code: code, msg: message });
    },
  );

  it("answers session_not_found after sign-out, which supabase-js turns into a missing session", async () => {
    const { session } = await newUser();
    await t.stack.db.admin.query("delete from auth.sessions where id = $1", [
      decodeJwt(session.access_token).claims.session_id,
    ]);
    expect(await authFetch(t, "/user", { token: session.access_token })).toMatchObject({
      status: 403,
      body: { code: "session_not_found" },
    });
    const c = client();
    const { error } = await c.auth.getUser(session.access_token);
    expect(error).toMatchObject({ name: "AuthSessionMissingError" });
  });

  it("answers user_banned for a banned user", async () => {
    const { session } = await newUser();
    await t.stack.db.admin.query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [
      decodeJwt(session.access_token).claims.sub,
    ]);
    expect(await authFetch(t, "/user", { token: session.access_token })).toMatchObject({
      status: 403,
      body: { code: "user_banned" },
    });
    expect(await refresh(session.refresh_token)).toMatchObject({ status: 400, body: { code: "user_banned" } });
  });
});

describe("GoTrue's error envelope", () => {
  it("answers the 2024-01-01 shape with the version header echoed and x-sb-error-code", async () => {
    const response = await authFetch(t, "/token?grant_type=password", {
      body: { email: "nobody@example.com", password: "x" },
    });
    expect(response.body).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(response.headers.get("x-sb-error-code")).toBe("invalid_credentials");
  });

  it("answers the legacy shape without the version header", async () => {
    const response = await authFetch(t, "/token?grant_type=password", {
      body: { email: "nobody@example.com", password: "x" },
      apiVersion: false,
    });
    expect(response.body).toEqual({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
    expect(response.headers.get("x-supabase-api-version")).toBeNull();
  });

  it("lets a browser read the error code through CORS", async () => {
    const response = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: {
        origin: "http://localhost:5173",
        apikey: t.stack.keys.publishableKey,
        "x-supabase-api-version": "2024-01-01",
        "content-type": "application/json",
      },
      body: JSON.stringify({ email: "nobody@example.com", password: "x" }),
    });
    expect(response.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version");
  });

  it.each([
    ["malformed JSON", "/signup", "{not json", 400, "bad_json"],
    [
      "a body over 1 MiB",
      "/signup",
      JSON.stringify({ data: { blob: "x".repeat(1024 * 1024) } }),
      413,
      "request_entity_too_large",
    ],
    ["an unsupported grant type", "/token?grant_type=magic", {}, 400, "invalid_credentials"],
    ["a sign-up without password", "/signup", { email: "p@example.com" }, 400, "validation_failed"],
    [
      "a sign-up with email and phone",
      "/signup",
      { email: "p@example.com", phone: "+15550003333", password: PASSWORD },
      400,
      "validation_failed",
    ],
    ["a malformed email", "/signup", { email: "not-an-email", password: PASSWORD }, 400, "validation_failed"],
    [
      "a password over 72 characters",
      "/signup",
      { email: "p@example.com", password: "x".repeat(73) },
      400,
      "validation_failed",
    ],
    [
      "a password grant with email and phone",
      "/token?grant_type=password",
      { email: "a@example.com", phone: "+15550003333", password: "x" },
      400,
      "validation_failed",
    ],
    ["a PKCE grant without a verifier", "/token?grant_type=pkce", { auth_code: "abc" }, 400, "validation_failed"],
    [
      "a PKCE grant with an unknown code",
      "/token?grant_type=pkce",
      { auth_code: "00000000-0000-4000-8000-000000000000", code_verifier: "v".repeat(43) },
      404,
      "flow_state_not_found",
    ],
    ["a verify without type", "/verify", { token_hash: "x" }, 400, "validation_failed"],
    [
      "a verify with token_hash and email",
      "/verify",
      { type: "signup", token_hash: "x", email: "a@example.com" },
      400,
      "validation_failed",
    ],
    [
      "a verify with a bad email",
      "/verify",
      { type: "email", token: "123456", email: "nope" },
      422,
      "validation_failed",
    ],
    [
      "a verify with a wrong code",
      "/verify",
      { type: "email", token: "123456", email: "a@example.com" },
      403,
      "otp_expired",
    ],
    ["a resend of an unknown type", "/resend", { type: "bogus", email: "a@example.com" }, 400, "validation_failed"],
    ["an OTP without email or phone", "/otp", {}, 400, "validation_failed"],
    [
      "a PKCE challenge without a method",
      "/otp",
      { email: "a@example.com", code_challenge: "c".repeat(43) },
      400,
      "validation_failed",
    ],
  ])("refuses %s", async (_name, path, body, status, code) => {
    expect(await authFetch(t, path, { body })).toMatchObject({ status, body: { code } });
  });

  it.each([["too short", "abc", ["length"]]])(
    "answers a %s password with weak_password reasons",
    async (_name, password, reasons) => {
      const { error } = await client().auth.signUp({ email: uniqueEmail("weak"), password });
      expect(error).toMatchObject({ status: 422, code: "weak_password", reasons });
      expect(error?.message).toBe("Password should be at least 6 characters.");
    },
  );
});

describe("PKCE exchange guards", () => {
  it("refuses a wrong verifier and an expired flow", async () => {
    const { email } = await newUser();
    const verifier = "a".repeat(43);
    const challenge = (await import("node:crypto")).createHash("sha256").update(verifier).digest("base64url");
    await authFetch(t, "/recover", { body: { email, code_challenge: challenge, code_challenge_method: "s256" } });
    const { rows } = await t.stack.db.admin.query(
      "select id, auth_code from auth.flow_state where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    const authCode = rows[0]?.auth_code as string;
    expect(
      await authFetch(t, "/token?grant_type=pkce", { body: { auth_code: authCode, code_verifier: "b".repeat(43) } }),
    ).toMatchObject({ status: 400, body: { code: "bad_code_verifier" } });
    await t.stack.db.admin.query(
      "update auth.flow_state set created_at = now() - interval '10 minutes' where id = $1",
      [rows[0]?.id],
    );
    expect(
      await authFetch(t, "/token?grant_type=pkce", { body: { auth_code: authCode, code_verifier: verifier } }),
    ).toMatchObject({ status: 422, body: { code: "flow_state_expired" } });
  });
});

describe("send frequency", () => {
  it("answers a second recovery mail inside max_frequency with 429 over_email_send_rate_limit", async () => {
    const { email } = await newUser();
    expect((await authFetch(t, "/recover", { body: { email } })).status).toBe(200);
    const again = await authFetch(t, "/recover", { body: { email } });
    expect(again).toMatchObject({ status: 429, body: { code: "over_email_send_rate_limit" } });
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });
});

describe("discovery", () => {
  it("answers /health and /settings", async () => {
    expect((await authFetch(t, "/health")).body).toMatchObject({
      name: "GoTrue",
      description: "GoTrue is a user registration and authentication API",
    });
    expect((await authFetch(t, "/settings")).body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, anonymous_users: true },
    });
  });

  it("writes audit rows for sign-in, sign-out and token revocation", async () => {
    const { email, session } = await newUser();
    await authFetch(t, "/logout", { method: "POST", token: session.access_token });
    const { rows } = await t.stack.db.admin.query(
      "select payload ->> 'action' as action from auth.audit_log_entries where payload ->> 'actor_username' = $1",
      [email],
    );
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["user_signedup", "login", "logout"]));
  });
});

describe("features the offline stack keeps off", () => {
  it.each([
    ["GET", "/authorize?provider=github", 400, "validation_failed"],
    ["GET", "/user/identities/authorize?provider=github", 404, "manual_linking_disabled"],
    ["POST", "/token?grant_type=id_token", 400, "provider_disabled", { provider: "google", id_token: "x" }],
    ["POST", "/token?grant_type=web3", 422, "web3_provider_disabled"],
    ["GET", "/passkeys", 404, "passkey_disabled"],
    ["POST", "/passkeys/authentication/options", 404, "passkey_disabled"],
    ["POST", "/passkeys/authentication/verify", 404, "passkey_disabled"],
    ["POST", "/passkeys/registration/options", 404, "passkey_disabled"],
    ["POST", "/passkeys/registration/verify", 404, "passkey_disabled"],
    ["PATCH", "/passkeys/00000000-0000-4000-8000-000000000000", 404, "passkey_disabled"],
    ["DELETE", "/passkeys/00000000-0000-4000-8000-000000000000", 404, "passkey_disabled"],
  ] as [string, string, number, string, Record<string, unknown>?][])(
    "%s %s answers %i %s",
    async (method, path, status, code, body) => {
      expect(await authFetch(t, path, { method, body: method === "POST" ? (body ?? {}) : undefined })).toMatchObject({
        status,
        body: { code },
      });
    },
  );

  it("refuses MFA enrolment as GoTrue does with TOTP off", async () => {
    const { session } = await newUser();
    const response = await authFetch(t, "/factors", { body: { factor_type: "totp" }, token: session.access_token });
    expect(response).toMatchObject({ status: 422, body: { code: "mfa_totp_enroll_not_enabled" } });
  });

  it("refuses WebAuthn factors with [auth.mfa.web_authn] off, and says passkeys are off in /settings", async () => {
    const { session } = await newUser();
    const response = await authFetch(t, "/factors", { body: { factor_type: "webauthn" }, token: session.access_token });
    expect(response).toMatchObject({
      status: 422,
      body: { code: "mfa_webauthn_enroll_not_enabled", message: "MFA enroll is disabled for WebAuthn" },
    });
    expect((await authFetch(t, "/settings")).body).toMatchObject({ passkeys_enabled: false });
  });
});

describe("user metadata", () => {
  it("merges data through updateUser and emits USER_UPDATED; null deletes a key", async () => {
    const { session } = await newUser();
    const c = client();
    await c.auth.setSession(session);
    const events: string[] = [];
    c.auth.onAuthStateChange((event) => void events.push(event));
    await c.auth.updateUser({ data: { theme: "dark", locale: "de" } });
    const { data } = await c.auth.updateUser({ data: { locale: null } });
    expect(data.user?.user_metadata).toMatchObject({ theme: "dark" });
    expect(data.user?.user_metadata).not.toHaveProperty("locale");
    expect(events).toContain("USER_UPDATED");
  });
});
