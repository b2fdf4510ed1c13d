import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-autoconfirm");
});
afterAll(() => t?.close());

const client = () => testClient(t.url, t.stack.keys.publishableKey);
const PASSWORD = "correct-horse-1";

describe("sign-up with confirmations off", () => {
  it("signs the new user in with a session whose token carries exactly the hosted claims", async () => {
    const email = uniqueEmail("signup");
    const { data, error } = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: "Ada" } },
    });
    expect(error).toBeNull();
    const session = data.session;
    expect(session?.token_type).toBe("bearer");
    expect(session?.expires_in).toBe(900);
    expect(session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    const { header, claims } = decodeJwt(session?.access_token ?? "");
    expect(header).toMatchObject({ alg: "ES256", typ: "JWT", kid: t.stack.keys.signingKeys[0]?.kid });
    expect(Object.keys(claims).sort()).toEqual(
      [
        "aal",
        "amr",
        "app_metadata",
        "aud",
        "email",
        "exp",
        "iat",
        "is_anonymous",
        "iss",
        "phone",
        "role",
        "session_id",
        "sub",
        "user_metadata",
      ].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${t.url}/auth/v1`,
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      aal: "aal1",
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { name: "Ada", email, email_verified: true, phone_verified: false, sub: data.user?.id },
    });
    expect((claims.amr as { method: string }[])[0]?.method).toBe("password");
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    const jwks = createRemoteJWKSet(new URL(`${t.url}/auth/v1/.well-known/jwks.json`));
    await expect(jwtVerify(session?.access_token ?? "", jwks)).resolves.toBeDefined();
    const signedIn = client();
    await signedIn.auth.setSession({
      access_token: session?.access_token ?? "",
      refresh_token: session?.refresh_token ?? "",
    });
    const { data: claimsData, error: claimsError } = await signedIn.auth.getClaims();
    expect(claimsError).toBeNull();
    expect(claimsData?.claims.sub).toBe(data.user?.id);
    expect(data.user?.identities?.[0]).toMatchObject({
      provider: "email",
      id: data.user?.id,
      identity_data: { email, email_verified: true },
    });
  });

  it("runs project triggers on auth.users (profile row) and lets RLS see auth.uid()", async () => {
    const email = uniqueEmail("trigger");
    const c = client();
    const { data } = await c.auth.signUp({ email, password: PASSWORD, options: { data: { name: "Grace" } } });
    const { rows } = await t.stack.db.admin.query("select display_name from public.profiles where id = $1", [
      data.user?.id,
    ]);
    expect(rows[0]?.display_name).toBe("Grace");
    const uid = await t.stack.db.asCaller(
      { role: "authenticated", claims: { sub: data.user?.id, role: "authenticated", email } },
      async (sql) =>
        (
          await sql.query(
            "select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'sub' as sub",
          )
        ).rows[0],
    );
    expect(uid).toEqual({ uid: data.user?.id, role: "authenticated", email, sub: data.user?.id });
  });

  it("refuses a second sign-up of the same address with user_already_exists", async () => {
    const email = uniqueEmail("dup");
    await client().auth.signUp({ email, password: PASSWORD });
    const { error } = await client().auth.signUp({ email, password: PASSWORD });
    expect(error).toMatchObject({ status: 422, code: "user_already_exists", message: "User already registered" });
  });
});

describe("password sign-in", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    const email = uniqueEmail("signin");
    await client().auth.signUp({ email, password: PASSWORD });
    const ok = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.last_sign_in_at).toBeDefined();
    const bad = await client().auth.signInWithPassword({ email, password: "wrong-password-1" });
    expect(bad.error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    const unknown = await client().auth.signInWithPassword({ email: uniqueEmail("nobody"), password: PASSWORD });
    expect(unknown.error).toMatchObject({ status: 400, code: "invalid_credentials" });
  });

  it("stores GoTrue-compatible bcrypt hashes and accepts an imported one", async () => {
    const email = uniqueEmail("bcrypt");
    const { data } = await client().auth.signUp({ email, password: PASSWORD });
    const { rows } = await t.stack.db.admin.query("select encrypted_password from auth.users where id = $1", [
      data.user?.id,
    ]);
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[ab]\$10\$/);
    // A bcrypt hash from GoTrue's own tests (password "test"), as users imported from hosted carry.
    await t.stack.db.admin.query("update auth.users set encrypted_password = $2 where id = $1", [
      data.user?.id,
      "$2y$10$srNl09aPtc2qr.0Vl.NtjekJRt/NxRxYQm3qd3OvfcKsJgVnr6.Ve",
    ]);
    const imported = await client().auth.signInWithPassword({ email, password: "test" });
    expect(imported.error).toBeNull();
    // The password no longer meets the policy: sign-in still works and reports why (data.weakPassword).
    expect(imported.data.weakPassword).toEqual({
      message: expect.stringContaining("at least 6 characters"),
      reasons: ["length"],
    });
  });
});

describe("users seeded by SQL", () => {
  it("signs in a user inserted with crypt() and NULL token/metadata columns", async () => {
    const { data, error } = await client().auth.signInWithPassword({
      email: "seeded@example.com",
      password: "seeded-password-1",
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
      app_metadata: {},
      user_metadata: {},
      identities: [],
    });
    expect((await client().auth.resetPasswordForEmail("seeded@example.com")).error).toBeNull();
  });
});

describe("refresh tokens", () => {
  async function signedIn() {
    const email = uniqueEmail("refresh");
    const { data } = await client().auth.signUp({ email, password: PASSWORD });
    return data.session as NonNullable<typeof data.session>;
  }
  const refresh = (token: string) =>
    authFetch(t, "/token?grant_type=refresh_token", { body: { refresh_token: token } });

  it("rotates: a new refresh token in the same session", async () => {
    const session = await signedIn();
    const { data, error } = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session?.access_token ?? "").claims.session_id).toBe(
      decodeJwt(session.access_token).claims.session_id,
    );
  });

  it("answers a refresh with the user as /user shows it and the session's claims", async () => {
    const email = uniqueEmail("refresh-user");
    const metadata = { name: "Ada Ö", tags: ["a", "b"], nested: { n: 1.5, quote: 'say "hi"\n' } };
    const signUp = await authFetch(t, "/signup", { body: { email, password: PASSWORD, data: metadata } });
    const refreshed = await refresh(signUp.body.refresh_token as string);
    expect(refreshed.status).toBe(200);
    const asUser = await authFetch(t, "/user", { token: refreshed.body.access_token as string });
    expect(refreshed.body.user).toEqual(asUser.body);
    expect(refreshed.body.user).toMatchObject({
      email,
      user_metadata: { ...metadata, email, email_verified: true, phone_verified: false },
      app_metadata: { provider: "email", providers: ["email"] },
      identities: [{ provider: "email", identity_data: { email, ...metadata } }],
    });
    const before = decodeJwt(signUp.body.access_token as string).claims;
    const after = decodeJwt(refreshed.body.access_token as string).claims;
    expect(after).toMatchObject({ session_id: before.session_id, aal: "aal1", amr: before.amr });
    expect(after.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
  });

  it("returns the same successor when the parent is reused inside the interval", async () => {
    const session = await signedIn();
    const first = await refresh(session.refresh_token);
    const again = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);
  });

  it("gives concurrent refreshes of one token the same successor", async () => {
    const session = await signedIn();
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(session.refresh_token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const successors = new Set(answers.map((answer) => answer.body.refresh_token));
    expect(successors.size).toBe(1);
    expect(successors.has(session.refresh_token)).toBe(false);
  });

  it("revokes the whole family when a token is reused after the interval", async () => {
    const session = await signedIn();
    const child = await refresh(session.refresh_token);
    const grandchild = await refresh(child.body.refresh_token as string);
    const sessionId = decodeJwt(session.access_token).claims.session_id;
    await t.stack.db.admin.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = $1",
      [sessionId],
    );
    const reused = await refresh(session.refresh_token);
    expect(reused).toMatchObject({
      status: 400,
      body: { code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" },
    });
    const afterRevocation = await refresh(grandchild.body.refresh_token as string);
    expect(afterRevocation).toMatchObject({ status: 400, body: { code: "refresh_token_already_used" } });
  });

  it("stamps the session when it rotates", async () => {
    const session = await signedIn();
    const sessionId = decodeJwt(session.access_token).claims.session_id;
    expect((await refresh(session.refresh_token)).status).toBe(200);
    const { rows: stamped } = await t.stack.db.admin.query<{ refreshed: boolean; user_agent: string | null }>(
      "select refreshed_at is not null as refreshed, user_agent from auth.sessions where id = $1",
      [sessionId],
    );
    expect(stamped).toEqual([{ refreshed: true, user_agent: expect.any(String) }]);
  });

  // GoTrue (internal/tokens/service.go, models/refresh_token.go): token_refreshed for every refresh
  // it answers, then token_revoked when it swaps in a new child (GrantRefreshTokenSwap); a family
  // revoked on reuse gets no audit row.
  it("writes GoTrue's audit rows for each way a refresh ends", async () => {
    const session = await signedIn();
    const { sub: userId, session_id: sessionId, email } = decodeJwt(session.access_token).claims;
    const parent = session.refresh_token;
    const child = (await refresh(parent)).body.refresh_token as string; // a new child
    expect((await refresh(parent)).body.refresh_token).toBe(child); // the live child handed back
    const grandchild = (await refresh(child)).body.refresh_token as string; // a new child
    const sibling = await refresh(parent); // inside the reuse interval: another child
    expect(sibling.status).toBe(200);
    expect([parent, child, grandchild]).not.toContain(sibling.body.refresh_token);
    await t.stack.db.admin.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = $1",
      [sessionId],
    );
    expect((await refresh(child)).body.code).toBe("refresh_token_already_used"); // family revoked
    const { rows } = await t.stack.db.admin.query<{ payload: string }>(
      `select payload::text as payload from auth.audit_log_entries
       where payload->>'actor_id' = $1 and payload->>'log_type' = 'token' order by created_at, payload->>'action'`,
      [userId],
    );
    const payload = (action: string) =>
      JSON.stringify({ actor_id: userId, actor_username: email, actor_via_sso: false, action, log_type: "token" });
    const rotated = [payload("token_refreshed"), payload("token_revoked")];
    expect(rows.map((row) => row.payload)).toEqual([...rotated, payload("token_refreshed"), ...rotated, ...rotated]);
    const { rows: tokens } = await t.stack.db.admin.query<{ live: number }>(
      "select count(*) filter (where not revoked)::int as live from auth.refresh_tokens where session_id = $1",
      [sessionId],
    );
    expect(tokens).toEqual([{ live: 0 }]);
  });

  it("restarts the reuse interval of a spent token each time it issues another child from it", async () => {
    const session = await signedIn();
    const sessionId = decodeJwt(session.access_token).claims.session_id;
    const parent = session.refresh_token;
    const child = (await refresh(parent)).body.refresh_token as string;
    await refresh(child);
    await t.stack.db.admin.query(
      "update auth.refresh_tokens set updated_at = now() - interval '9 seconds' where session_id = $1",
      [sessionId],
    );
    expect((await refresh(parent)).status).toBe(200); // 9 s after it was spent: another child
    const { rows } = await t.stack.db.admin.query<{ restarted: boolean }>(
      "select updated_at > now() - interval '5 seconds' as restarted from auth.refresh_tokens where token = $1",
      [parent],
    );
    expect(rows).toEqual([{ restarted: true }]);
  });

  it.each([
    ["a malformed token", "short", 400, "validation_failed"],
    ["an unknown token", "abcdefghijkl", 400, "refresh_token_not_found"],
  ])("refuses %s", async (_name, token, status, code) => {
    expect(await refresh(token)).toMatchObject({ status, body: { code } });
  });

  it.each([
    ["timebox", "created_at = now() - interval '2 hours'", "Invalid Refresh Token: Session Expired"],
    [
      "inactivity timeout",
      "refreshed_at = now() - interval '31 minutes'",
      "Invalid Refresh Token: Session Expired (Inactivity)",
    ],
  ])("expires sessions past their %s", async (_name, change, message) => {
    const session = await signedIn();
    const sessionId = decodeJwt(session.access_token).claims.session_id;
    await t.stack.db.admin.query(`update auth.sessions set ${change} where id = $1`, [sessionId]);
    expect(await refresh(session.refresh_token)).toMatchObject({
      status: 400,
      body: { code: "session_expired", message },
    });
  });

  it("answers refresh_token_not_found once the session (and its tokens) are gone", async () => {
    const session = await signedIn();
    await t.stack.db.admin.query("delete from auth.sessions where id = $1", [
      decodeJwt(session.access_token).claims.session_id,
    ]);
    expect(await refresh(session.refresh_token)).toMatchObject({
      status: 400,
      body: { code: "refresh_token_not_found" },
    });
  });
});
