import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import { OAuthBrowser } from "./support/oauth-browser.ts";
import { adminClient, APP, emulatorIdToken, oauthSignIn, pkceClient, query } from "./support/oauth-clients.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-oauth");
}, 120_000);
afterAll(() => t?.close());

/** A confirmed email+password user, signed in on a PKCE client. */
async function passwordUser(): Promise<{ email: string; client: SupabaseClient; id: string }> {
  const email = uniqueEmail("linker");
  const created = await adminClient(t).auth.admin.createUser({ email, password: "password-123", email_confirm: true });
  const client = pkceClient(t);
  await client.auth.signInWithPassword({ email, password: "password-123" });
  return { email, client, id: created.data.user?.id ?? "" };
}

/** linkIdentity then the emulator's form; returns where the browser lands. */
async function link(client: SupabaseClient, provider: "google" | "github", email: string): Promise<URL> {
  const { data, error } = await client.auth.linkIdentity({
    provider,
    options: { redirectTo: `${APP}/account`, skipBrowserRedirect: true },
  });
  if (error) throw error;
  return new OAuthBrowser(t.url).signIn(data.url, { email, name: "Linked Account" });
}

describe("manual linking", () => {
  it("links a GitHub identity to the signed-in user, then unlinks it; the last identity stays", async () => {
    const { client, id } = await passwordUser();
    const githubEmail = uniqueEmail("gh");
    const landed = await link(client, "github", githubEmail);
    const { data: exchanged, error } = await client.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(exchanged.user?.id).toBe(id);

    const listed = await client.auth.getUserIdentities();
    expect(listed.data?.identities.map((i) => i.provider)).toEqual(["email", "github"]);
    const { data: user } = await client.auth.getUser();
    expect(user.user?.app_metadata.providers).toEqual(["email", "github"]);

    const github = listed.data?.identities.find((i) => i.provider === "github");
    expect((await client.auth.unlinkIdentity(github!)).error).toBeNull();
    await client.auth.refreshSession();
    const after = await client.auth.getUserIdentities();
    expect(after.data?.identities.map((i) => i.provider)).toEqual(["email"]);

    const last = after.data?.identities[0];
    const refused = await client.auth.unlinkIdentity(last!);
    expect(refused.error).toMatchObject({
      status: 422,
      code: "single_identity_not_deletable",
      message: "User must have at least 1 identity after unlinking",
    });
  });

  it("refuses an identity another user already holds (identity_already_exists in the redirect)", async () => {
    const githubEmail = uniqueEmail("owned");
    const owner = pkceClient(t);
    await owner.auth.exchangeCodeForSession(
      (await oauthSignIn(t, owner, "github", { email: githubEmail })).searchParams.get("code") ?? "",
    );
    const { client } = await passwordUser();
    const landed = await link(client, "github", githubEmail);
    expect(query(landed)).toMatchObject({
      error_code: "identity_already_exists",
      error_description: "Identity is already linked to another user",
    });
  });

  it("moves the user's email to the remaining identity when the identity that gave it is unlinked", async () => {
    const githubEmail = uniqueEmail("primary-gh");
    const googleEmail = uniqueEmail("primary-google");
    const client = pkceClient(t);
    await client.auth.exchangeCodeForSession(
      (await oauthSignIn(t, client, "github", { email: githubEmail })).searchParams.get("code") ?? "",
    );
    await client.auth.exchangeCodeForSession(
      (await link(client, "google", googleEmail)).searchParams.get("code") ?? "",
    );
    const identities = (await client.auth.getUserIdentities()).data?.identities ?? [];
    expect(identities.map((i) => i.provider)).toEqual(["github", "google"]);
    await client.auth.unlinkIdentity(identities[0]!);
    await client.auth.refreshSession();
    const { data } = await client.auth.getUser();
    expect(data.user).toMatchObject({
      email: googleEmail,
      app_metadata: { provider: "google", providers: ["google"] },
    });
  });

  it("answers identity_not_found for an identity of another user", async () => {
    const other = await passwordUser();
    const otherIdentity = (await other.client.auth.getUserIdentities()).data?.identities[0];
    const { client } = await passwordUser();
    await client.auth.exchangeCodeForSession(
      (await link(client, "google", uniqueEmail("second"))).searchParams.get("code") ?? "",
    );
    const { error } = await client.auth.unlinkIdentity(otherIdentity!);
    expect(error).toMatchObject({ status: 422, code: "identity_not_found" });
  });
});

describe("id_token sign-in", () => {
  it("signs in with an emulator-issued Google id_token and its nonce", async () => {
    const email = uniqueEmail("idtoken");
    const { id_token: token, sub } = await emulatorIdToken(t, "google", {
      email,
      name: "Token User",
      nonce: "raw-nonce-1",
    });
    const c = pkceClient(t);
    const { data, error } = await c.auth.signInWithIdToken({ provider: "google", token, nonce: "raw-nonce-1" });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      app_metadata: { provider: "google" },
      user_metadata: { name: "Token User", sub },
    });
    expect((decodeJwt(data.session?.access_token ?? "").claims.amr as { method: string }[])[0]?.method).toBe("oauth");
  });

  it("links an id_token's identity to the signed-in user with linkIdentity({ token })", async () => {
    const { client, id } = await passwordUser();
    const { id_token: token } = await emulatorIdToken(t, "google", {
      email: uniqueEmail("link-token"),
      nonce: "link-nonce",
    });
    const { data, error } = await client.auth.linkIdentity({ provider: "google", token, nonce: "link-nonce" });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(["email", "google"]);
  });

  it.each([
    ["a nonce that does not match", { nonce: "raw-nonce-1" }, { nonce: "another-nonce" }, "Nonces mismatch"],
    [
      "a nonce only on one side",
      { nonce: "raw-nonce-1" },
      {},
      "Passed nonce and nonce in id_token should either both exist or not.",
    ],
    ["another audience", { audience: "someone-else" }, {}, "Unacceptable audience in id_token: [someone-else]"],
  ])("refuses %s", async (_name, minted, sent, description) => {
    const { id_token: token } = await emulatorIdToken(t, "google", { email: uniqueEmail("bad-idtoken"), ...minted });
    const response = await authFetch(t, "/token?grant_type=id_token", {
      body: { provider: "google", id_token: token, ...sent },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_description: description });
    const { error } = await pkceClient(t).auth.signInWithIdToken({ provider: "google", token, ...sent });
    expect(error?.message).toBe(description);
  });

  it("refuses a token whose signature was tampered with", async () => {
    const { id_token: token } = await emulatorIdToken(t, "google", { email: uniqueEmail("tampered") });
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: "admin@example.com" })).toString("base64url")}.${signature}`;
    const response = await authFetch(t, "/token?grant_type=id_token", {
      body: { provider: "google", id_token: forged },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: "invalid request", error_description: "Bad ID token" },
    });
  });

  it("refuses GitHub, which has no id_tokens", async () => {
    const response = await authFetch(t, "/token?grant_type=id_token", { body: { provider: "github", id_token: "x" } });
    expect(response).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: 'Custom OIDC provider "github" not allowed' },
    });
  });
});
