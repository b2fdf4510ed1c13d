// Supabase Auth as an OAuth 2.1 server, end to end: /oauth/authorize with PKCE sends the browser to
// the site's consent page; the signed-in user reads and approves (or denies) the authorization
// through supabase-js's auth.oauth; the client exchanges the code at /oauth/token and refreshes.
// Security: every way of misusing a code or an authorization is refused.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { uniqueEmail } from "./support/auth-api.ts";

let t: TestStack;
let confidential: { id: string; secret: string };
let publicClientId: string;
const REDIRECT = "https://client.example.com/callback";
const PUBLIC_REDIRECT = "http://localhost:4000/cb";

beforeAll(async () => {
  t = await startTestStack("auth-oauth-server");
  const admin = testClient(t.url, t.stack.keys.secretKey).auth.admin.oauth;
  const created = await admin.createClient({ client_name: "Reports", redirect_uris: [REDIRECT] });
  confidential = { id: created.data?.client_id ?? "", secret: created.data?.client_secret ?? "" };
  const open = await admin.createClient({
    client_name: "Desktop",
    redirect_uris: [PUBLIC_REDIRECT],
    token_endpoint_auth_method: "none",
  });
  publicClientId = open.data?.client_id ?? "";
});
afterAll(() => t?.close());

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

async function signedInUser(): Promise<SupabaseClient> {
  const c = testClient(t.url, t.stack.keys.publishableKey);
  const { error } = await c.auth.signUp({ email: uniqueEmail("oauth-server"), password: "Correct-horse-1" });
  expect(error).toBeNull();
  return c;
}

/** GET /oauth/authorize without following the redirect. */
async function authorize(params: Record<string, string>) {
  const url = new URL(`${t.url}/auth/v1/oauth/authorize`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return fetch(url, { redirect: "manual", headers: { apikey: t.stack.keys.publishableKey } });
}

/** Starts an authorization and returns its id (from the consent page URL). */
async function startAuthorization(clientId: string, redirectUri: string, challenge: string, state = "xyz") {
  const response = await authorize({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe("http://127.0.0.1:3000/oauth/consent");
  return location.searchParams.get("authorization_id") ?? "";
}

/** Runs the consent step as `user` and returns the code from the approval redirect. */
async function approvedCode(user: SupabaseClient, clientId = confidential.id, redirectUri = REDIRECT) {
  const { verifier, challenge } = pkce();
  const authorizationId = await startAuthorization(clientId, redirectUri, challenge);
  const details = await user.auth.oauth.getAuthorizationDetails(authorizationId);
  expect(details.error).toBeNull();
  const approved = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
  expect(approved.error).toBeNull();
  const redirect = new URL(approved.data?.redirect_url ?? "");
  return { code: redirect.searchParams.get("code") ?? "", verifier, redirect, authorizationId };
}

type TokenBody = Record<string, string>;
async function token(body: TokenBody, basic?: { id: string; secret: string }) {
  const headers: Record<string, string> = {
    apikey: t.stack.keys.publishableKey,
    "content-type": "application/x-www-form-urlencoded",
  };
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic.id}:${basic.secret}`).toString("base64")}`;
  const response = await fetch(`${t.url}/auth/v1/oauth/token`, {
    method: "POST",
    headers,
    body: new URLSearchParams(body).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const exchange = (code: string, verifier: string, extra: TokenBody = {}) =>
  token(
    { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT, ...extra },
    confidential,
  );

describe("authorization code flow with PKCE", () => {
  it("shows the authorization, approves it, exchanges the code and refreshes the tokens", async () => {
    const user = await signedInUser();
    const { verifier, challenge } = pkce();
    const authorizationId = await startAuthorization(confidential.id, REDIRECT, challenge);
    const details = await user.auth.oauth.getAuthorizationDetails(authorizationId);
    const me = (await user.auth.getUser()).data.user;
    expect(details.data).toMatchObject({
      authorization_id: authorizationId,
      redirect_uri: REDIRECT,
      client: { id: confidential.id, name: "Reports" },
      user: { id: me?.id, email: me?.email },
      scope: "openid email",
    });
    const approved = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
    const redirect = new URL(approved.data?.redirect_url ?? "");
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("state")).toBe("xyz");

    const exchanged = await exchange(redirect.searchParams.get("code") ?? "", verifier);
    expect(exchanged.status).toBe(200);
    expect(Object.keys(exchanged.body).sort()).toEqual(["access_token", "expires_in", "refresh_token", "token_type"]);
    const accessToken = String(exchanged.body.access_token);
    const asClient = testClient(t.url, t.stack.keys.publishableKey);
    expect((await asClient.auth.getUser(accessToken)).data.user?.id).toBe(me?.id);

    const refreshed = await token(
      { grant_type: "refresh_token", refresh_token: String(exchanged.body.refresh_token) },
      confidential,
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(exchanged.body.refresh_token);
  });

  it("lets a public client exchange its code with client_id and the verifier only", async () => {
    const user = await signedInUser();
    const { code, verifier } = await approvedCode(user, publicClientId, PUBLIC_REDIRECT);
    const exchanged = await token({
      grant_type: "authorization_code",
      client_id: publicClientId,
      code,
      code_verifier: verifier,
      redirect_uri: PUBLIC_REDIRECT,
    });
    expect(exchanged.status).toBe(200);
  });

  it("redirects a denial back to the client with access_denied", async () => {
    const user = await signedInUser();
    const authorizationId = await startAuthorization(confidential.id, REDIRECT, pkce().challenge, "s1");
    await user.auth.oauth.getAuthorizationDetails(authorizationId);
    const denied = await user.auth.oauth.denyAuthorization(authorizationId, { skipBrowserRedirect: true });
    const redirect = new URL(denied.data?.redirect_url ?? "");
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      error: "access_denied",
      error_description: "User denied the request",
      state: "s1",
    });
  });

  it("sends parameter errors after the redirect URI check back to the client", async () => {
    const response = await authorize({ client_id: confidential.id, redirect_uri: REDIRECT, state: "s2" });
    const location = new URL(response.headers.get("location") ?? "");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "invalid_request",
      error_description: "PKCE flow requires both code_challenge and code_challenge_method",
      state: "s2",
    });
  });
});

describe("refused", () => {
  it("a wrong code_verifier, and the code still works with the right one", async () => {
    const { code, verifier } = await approvedCode(await signedInUser());
    expect(await exchange(code, pkce().verifier)).toEqual({
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "PKCE verification failed: code challenge does not match previously saved code verifier",
      },
    });
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it("a code used twice", async () => {
    const { code, verifier } = await approvedCode(await signedInUser());
    expect((await exchange(code, verifier)).status).toBe(200);
    expect(await exchange(code, verifier)).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid authorization code" },
    });
  });

  it("a redirect_uri that is not registered, exactly, without redirecting to it", async () => {
    for (const redirectUri of [
      "https://client.example.com/callback/",
      "https://client.example.com/callback?x=1",
      "https://evil.example.com/callback",
      "HTTPS://client.example.com/callback",
    ]) {
      const response = await authorize({
        client_id: confidential.id,
        redirect_uri: redirectUri,
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
      });
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.json()).toMatchObject({ error_code: "validation_failed", msg: "invalid redirect_uri" });
    }
  });

  it("a redirect_uri at the token endpoint other than the authorization's", async () => {
    const { code, verifier } = await approvedCode(await signedInUser());
    expect(await exchange(code, verifier, { redirect_uri: "https://client.example.com/other" })).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid redirect_uri" },
    });
  });

  it("another user's authorization_id", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const authorizationId = await startAuthorization(confidential.id, REDIRECT, pkce().challenge);
    expect((await owner.auth.oauth.getAuthorizationDetails(authorizationId)).error).toBeNull();
    for (const attempt of [
      stranger.auth.oauth.getAuthorizationDetails(authorizationId),
      stranger.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true }),
      stranger.auth.oauth.denyAuthorization(authorizationId, { skipBrowserRedirect: true }),
    ]) {
      expect((await attempt).error).toMatchObject({ status: 404, code: "oauth_authorization_not_found" });
    }
    expect(
      (await owner.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })).error,
    ).toBeNull();
  });

  it("the consent step called from a page whose origin is not an allowed redirect URL", async () => {
    const user = await signedInUser();
    const authorizationId = await startAuthorization(confidential.id, REDIRECT, pkce().challenge);
    const accessToken = (await user.auth.getSession()).data.session?.access_token ?? "";
    const call = (origin: string) =>
      fetch(`${t.url}/auth/v1/oauth/authorizations/${authorizationId}`, {
        headers: { apikey: t.stack.keys.publishableKey, authorization: `Bearer ${accessToken}`, origin },
      });
    const foreign = await call("https://evil.example.com");
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error_code: "validation_failed", msg: "unauthorized request origin" });
    expect((await call("http://127.0.0.1:3000")).status).toBe(200);
  });

  it("an expired code", async () => {
    const { code, verifier, authorizationId } = await approvedCode(await signedInUser());
    await t.stack.db.admin.query(
      "update auth.oauth_authorizations set created_at = now() - interval '1 hour', expires_at = now() - interval '1 second' where authorization_id = $1",
      [authorizationId],
    );
    expect(await exchange(code, verifier)).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Authorization code has expired" },
    });
  });

  it("a code presented by another client, or with a wrong secret", async () => {
    const { code, verifier } = await approvedCode(await signedInUser());
    expect(
      await token({ grant_type: "authorization_code", client_id: publicClientId, code, code_verifier: verifier }),
    ).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Authorization code was not issued for this client" },
    });
    expect(
      await token(
        { grant_type: "authorization_code", code, code_verifier: verifier },
        { id: confidential.id, secret: "wrong" },
      ),
    ).toMatchObject({ status: 400, body: { error_code: "invalid_credentials", msg: "invalid client credentials" } });
    expect(
      await token({ grant_type: "authorization_code", client_id: confidential.id, code, code_verifier: verifier }),
    ).toMatchObject({ status: 400, body: { error_code: "invalid_credentials" } });
  });
});
