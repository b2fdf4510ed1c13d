import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import { waitForMail } from "./support/mailbox.ts";
import { OAuthBrowser } from "./support/oauth-browser.ts";
import {
  adminClient,
  APP,
  authorizeUrl,
  fragment,
  implicitClient,
  oauthSignIn,
  pkceClient,
  providerLocation,
  query,
} from "./support/oauth-clients.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-oauth");
}, 120_000);
afterAll(() => t?.close());

describe("providers enabled without credentials", () => {
  it("are listed in /settings and served by the emulator's OpenID discovery", async () => {
    const { body } = await authFetch(t, "/settings");
    expect(body.external).toMatchObject({
      google: true,
      github: true,
      keycloak: true,
      gitlab: true,
      discord: true,
      bitbucket: true,
      facebook: true,
      spotify: true,
      twitch: true,
      notion: true,
      zoom: true,
      figma: true,
      kakao: true,
      slack_oidc: true,
      azure: true,
      linkedin_oidc: true,
      workos: true,
      apple: true,
      fly: false,
      email: true,
    });
    const discovery = (await (
      await fetch(`${t.url}/emulators/oauth/google/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${t.url}/emulators/oauth/google`,
      jwks_uri: expect.stringContaining("/emulators/oauth/google/"),
    });
  });

  it("refuses a provider that is not enabled", async () => {
    const response = await authFetch(t, "/authorize?provider=fly", { redirect: "manual" });
    expect(response).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "Unsupported provider: provider fly could not be found" },
    });
  });
});

describe("PKCE sign-in through the emulator", () => {
  it("lands on redirect_to with a code that exchangeCodeForSession turns into a Google session", async () => {
    const email = uniqueEmail("pkce-google");
    const c = pkceClient(t);
    const landed = await oauthSignIn(t, c, "google", {
      email,
      name: "Ada Lovelace",
      avatar_url: "https://example.com/ada.png",
    });
    expect(`${landed.origin}${landed.pathname}`).toBe(`${APP}/welcome`);
    const code = landed.searchParams.get("code") ?? "";
    expect(code).not.toBe("");
    const { data, error } = await c.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.provider_token).toEqual(expect.any(String));
    const user = data.user;
    expect(user).toMatchObject({ email, app_metadata: { provider: "google", providers: ["google"] } });
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
    const identity = user?.identities?.[0];
    expect(identity).toMatchObject({
      provider: "google",
      email,
      identity_data: {
        email,
        email_verified: true,
        phone_verified: false,
        name: "Ada Lovelace",
        full_name: "Ada Lovelace",
        picture: "https://example.com/ada.png",
        avatar_url: "https://example.com/ada.png",
        iss: `${t.url}/emulators/oauth/google`,
      },
    });
    expect(identity?.identity_data?.sub).toBe(identity?.id);
    expect(identity?.identity_data?.provider_id).toBe(identity?.id);
    expect(user?.user_metadata).toMatchObject({ email, name: "Ada Lovelace", sub: identity?.id });
    const amr = decodeJwt(data.session?.access_token ?? "").claims.amr as { method: string }[];
    expect(amr[0]?.method).toBe("oauth");
  });

  it("signs the same provider account in as the same user the next time", async () => {
    const email = uniqueEmail("again");
    const first = pkceClient(t);
    const one = await first.auth.exchangeCodeForSession(
      (await oauthSignIn(t, first, "google", { email, name: "First" })).searchParams.get("code") ?? "",
    );
    const second = pkceClient(t);
    const two = await second.auth.exchangeCodeForSession(
      (await oauthSignIn(t, second, "google", { email, name: "Renamed" })).searchParams.get("code") ?? "",
    );
    expect(two.data.user?.id).toBe(one.data.user?.id);
    expect(two.data.user?.user_metadata.name).toBe("Renamed");
    expect(two.data.user?.identities).toHaveLength(1);
  });

  it("refuses the provider's callback replayed after the flow got its user (flow_state_already_used)", async () => {
    const browser = new OAuthBrowser(t.url);
    await oauthSignIn(t, pkceClient(t), "google", { email: uniqueEmail("replay") }, browser);
    const callback = browser.visited.find((url) => url.startsWith(`${t.url}/auth/v1/callback`)) ?? "";
    const replay = await fetch(callback, { redirect: "manual" });
    expect(replay.status).toBe(303);
    const location = new URL(replay.headers.get("location") ?? "");
    expect(query(location)).toMatchObject({
      error: "invalid_request",
      error_code: "flow_state_already_used",
      error_description: "State has already been used",
    });
  });
});

describe("a generic OpenID Connect provider (Keycloak)", () => {
  it("reads the profile from the provider's userinfo endpoint", async () => {
    const email = uniqueEmail("keycloak");
    const c = pkceClient(t);
    const landed = await oauthSignIn(t, c, "keycloak", { email, name: "Kay Cloak" });
    const { data, error } = await c.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, app_metadata: { provider: "keycloak", providers: ["keycloak"] } });
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({
      email,
      email_verified: true,
      name: "Kay Cloak",
      iss: `${t.url}/emulators/oauth/keycloak`,
    });
  });
});

describe("OAuth 2.0 providers with a REST profile API, emulated at their own paths", () => {
  const login = (email: string) => email.split("@")[0] ?? "";
  const avatar = "https://example.com/gita.png";
  const numeric = /^\d+$/;
  it.each([
    {
      provider: "gitlab" as const,
      authorizePath: "/oauth/authorize",
      scope: "read_user",
      verified: true,
      id: () => numeric,
      identityData: (_email: string, base: string) => ({
        iss: base,
        name: "Gita Lab",
        full_name: "Gita Lab",
        avatar_url: avatar,
        picture: avatar,
      }),
    },
    {
      provider: "discord" as const,
      authorizePath: "/api/oauth2/authorize",
      scope: "email identify",
      verified: true,
      id: () => numeric,
      identityData: (email: string, base: string) => ({
        iss: `${base}/api`,
        name: `${login(email)}#0`,
        full_name: login(email),
        custom_claims: { global_name: "Gita Lab" },
        avatar_url: "https://cdn.discordapp.com/embed/avatars/0.png",
        picture: "https://cdn.discordapp.com/embed/avatars/0.png",
      }),
    },
    {
      provider: "bitbucket" as const,
      authorizePath: "/site/oauth2/authorize",
      scope: "account email",
      verified: true,
      id: () => /^\{[0-9a-f-]{36}\}$/,
      identityData: (_email: string, base: string) => ({ iss: `${base}/2.0`, name: "Gita Lab", full_name: "Gita Lab" }),
    },
    {
      provider: "facebook" as const,
      authorizePath: "/dialog/oauth",
      scope: "email",
      verified: true,
      id: () => numeric,
      identityData: (_email: string, base: string) => ({
        iss: `${base}/me?fields=email,first_name,last_name,name,picture`,
        name: "Gita Lab",
        full_name: "Gita Lab",
        nickname: "Gita Lab",
        slug: "Gita Lab",
        picture: avatar,
        avatar_url: avatar,
      }),
    },
    {
      provider: "spotify" as const,
      authorizePath: "/authorize",
      scope: "user-read-email",
      verified: false,
      id: (email: string) => new RegExp(`^${login(email)}$`),
      identityData: (_email: string, base: string) => ({
        iss: base,
        name: "Gita Lab",
        full_name: "Gita Lab",
        picture: avatar,
        avatar_url: avatar,
      }),
    },
    {
      provider: "twitch" as const,
      authorizePath: "/oauth2/authorize",
      scope: "user:read:email",
      verified: true,
      id: () => numeric,
      identityData: (email: string, base: string) => ({
        iss: base,
        name: login(email),
        full_name: login(email),
        nickname: "Gita Lab",
        slug: "Gita Lab",
        picture: avatar,
        avatar_url: avatar,
        custom_claims: { broadcaster_type: "", description: "", type: "", offline_image_url: "", view_count: 0 },
      }),
    },
    {
      provider: "notion" as const,
      authorizePath: "/v1/oauth/authorize",
      scope: null,
      verified: true,
      id: () => /^[0-9a-f-]{36}$/,
      identityData: (_email: string, base: string) => ({
        iss: base,
        name: "Gita Lab",
        full_name: "Gita Lab",
        picture: avatar,
        avatar_url: avatar,
      }),
    },
    {
      provider: "zoom" as const,
      authorizePath: "/oauth/authorize",
      scope: null,
      verified: true,
      id: (email: string) => new RegExp(`^${login(email)}$`),
      identityData: (_email: string, base: string) => ({
        iss: `${base}/v2`,
        name: "Gita Lab",
        full_name: "Gita Lab",
        picture: avatar,
        avatar_url: avatar,
      }),
    },
    {
      provider: "figma" as const,
      authorizePath: "/oauth",
      scope: "current_user:read",
      verified: true,
      id: () => numeric,
      identityData: (_email: string, base: string) => ({
        iss: base,
        name: "Gita Lab",
        full_name: "Gita Lab",
        avatar_url: avatar,
      }),
    },
    {
      provider: "kakao" as const,
      authorizePath: "/oauth/authorize",
      scope: "account_email profile_image profile_nickname",
      verified: true,
      id: () => numeric,
      identityData: (_email: string, base: string) => ({
        iss: base,
        name: "Gita Lab",
        full_name: "Gita Lab",
        preferred_username: "Gita Lab",
        user_name: "Gita Lab",
        avatar_url: avatar,
      }),
    },
    {
      provider: "slack_oidc" as const,
      authorizePath: "/openid/connect/authorize",
      scope: "profile email openid",
      verified: true,
      id: () => /^U\d+$/,
      identityData: (_email: string, base: string) => ({
        iss: `${base}/api`,
        name: "Gita Lab",
        full_name: "Gita Lab",
        picture: avatar,
        avatar_url: avatar,
        custom_claims: { "https://slack.com/team_id": "T0PARLEY" },
      }),
    },
    {
      provider: "workos" as const,
      authorizePath: "/sso/authorize",
      scope: null,
      verified: true,
      id: () => /^prof_\d+$/,
      identityData: (_email: string, base: string) => ({
        iss: base,
        name: "Gita Lab",
        full_name: "Gita Lab",
        custom_claims: { connection_id: "conn_parley_emulator", organization_id: "org_parley_emulator" },
      }),
    },
  ])(
    "$provider: sign-in through its own authorize path and user API, GoTrue's identity data",
    async ({ provider, authorizePath, scope, verified, id, identityData }) => {
      const email = uniqueEmail(`pkce-${provider}`);
      const base = `${t.url}/emulators/oauth/${provider}`;
      const c = pkceClient(t);
      const started = await authorizeUrl(c, provider);
      const location = await providerLocation(started);
      expect(`${location.origin}${location.pathname}`).toBe(`${base}${authorizePath}`);
      expect(location.searchParams.get("scope")).toBe(scope);
      const landed = await new OAuthBrowser(t.url).signIn(started, { email, name: "Gita Lab", avatar_url: avatar });
      const { rows } = await t.stack.db.admin.query<{ provider_id: string; identity_data: Record<string, unknown> }>(
        "select provider_id, identity_data from auth.identities where provider = $1 and email = $2",
        [provider, email],
      );
      expect(rows).toHaveLength(1);
      const identity = rows[0];
      expect(identity?.provider_id).toMatch(id(email));
      expect(identity?.identity_data).toEqual({
        email,
        email_verified: verified,
        phone_verified: false,
        sub: identity?.provider_id,
        provider_id: identity?.provider_id,
        ...identityData(email, base),
      });
      if (!verified) {
        expect(query(landed)).toMatchObject({
          error_code: "provider_email_needs_verification",
          error_description: `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`,
        });
        return;
      }
      const { data, error } = await c.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email, app_metadata: { provider, providers: [provider] } });
      expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
      expect(data.user?.identities?.map((i) => [i.provider, i.id])).toEqual([[provider, identity?.provider_id]]);
    },
  );

  it("gitlab: an unconfirmed GitLab email (confirmed_at null) is not verified", async () => {
    const email = uniqueEmail("gitlab-unconfirmed");
    const landed = await oauthSignIn(t, pkceClient(t), "gitlab", { email, email_verified: false });
    expect(query(landed)).toMatchObject({
      error_code: "provider_email_needs_verification",
      error_description: "Unverified email with gitlab. A confirmation email has been sent to your gitlab email",
    });
  });

  it("answer the user API only with an access token the emulator issued", async () => {
    const gitlab = await fetch(`${t.url}/emulators/oauth/gitlab/api/v4/user`, {
      headers: { authorization: "Bearer forged" },
    });
    expect(gitlab.status).toBe(401);
    const discord = await fetch(`${t.url}/emulators/oauth/discord/api/users/@me`);
    expect(discord.status).toBe(401);
  });
});

describe("Microsoft Entra ID (azure) at its v2.0 endpoints", () => {
  it("signs in with the id_token's claims mapped as GoTrue does (full_name, preferred_username, custom_claims)", async () => {
    const email = uniqueEmail("azure");
    const base = `${t.url}/emulators/oauth/azure`;
    const c = pkceClient(t);
    const started = await authorizeUrl(c, "azure", { scopes: "email profile" });
    const location = await providerLocation(started);
    expect(`${location.origin}${location.pathname}`).toBe(`${base}/oauth2/v2.0/authorize`);
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    const discovery = (await (await fetch(`${base}/v2.0/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery).toMatchObject({
      issuer: `${base}/v2.0`,
      token_endpoint: `${base}/oauth2/v2.0/token`,
      jwks_uri: `${base}/discovery/v2.0/keys`,
    });
    const landed = await new OAuthBrowser(t.url).signIn(started, { email, name: "Gita Lab" });
    const { data, error } = await c.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, app_metadata: { provider: "azure", providers: ["azure"] } });
    const identity = data.user?.identities?.[0];
    const claims = identity?.identity_data ?? {};
    expect(claims).toMatchObject({
      iss: `${base}/v2.0`,
      sub: identity?.id,
      provider_id: identity?.id,
      email,
      email_verified: true,
      full_name: "Gita Lab",
      preferred_username: email,
    });
    expect(claims.name).toBeUndefined();
    expect(claims.custom_claims).toMatchObject({ email, xms_edov: true, oid: identity?.id, tid: expect.any(String) });
    expect(Object.keys(claims.custom_claims as object)).not.toEqual(expect.arrayContaining(["iss"]));
    expect(Object.keys(claims.custom_claims as object)).not.toEqual(expect.arrayContaining(["aud"]));
  });

  it("takes an email the domain owner did not verify (xms_edov false) as unverified", async () => {
    const email = uniqueEmail("azure-edov");
    const started = await authorizeUrl(pkceClient(t), "azure", { scopes: "email" });
    const landed = await new OAuthBrowser(t.url).signIn(started, { email, email_verified: false });
    expect(query(landed)).toMatchObject({ error_code: "provider_email_needs_verification" });
  });
});

describe("LinkedIn (linkedin_oidc)", () => {
  it("signs in with the id_token: string email_verified, name from given and family name", async () => {
    const email = uniqueEmail("linkedin");
    const base = `${t.url}/emulators/oauth/linkedin_oidc`;
    const c = pkceClient(t);
    const started = await authorizeUrl(c, "linkedin_oidc");
    const location = await providerLocation(started);
    expect(`${location.origin}${location.pathname}`).toBe(`${base}/oauth/v2/authorization`);
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    const landed = await new OAuthBrowser(t.url).signIn(started, {
      email,
      name: "Gita Lab",
      avatar_url: "https://example.com/gita.png",
    });
    const { data, error } = await c.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      app_metadata: { provider: "linkedin_oidc", providers: ["linkedin_oidc"] },
    });
    const identity = data.user?.identities?.[0];
    expect(identity?.identity_data).toEqual({
      iss: `${base}/oauth`,
      sub: identity?.id,
      provider_id: identity?.id,
      name: "Gita Lab",
      given_name: "Gita",
      family_name: "Lab",
      picture: "https://example.com/gita.png",
      email,
      email_verified: true,
      phone_verified: false,
    });
  });

  it('reads email_verified "false" as unverified', async () => {
    const landed = await oauthSignIn(t, pkceClient(t), "linkedin_oidc", {
      email: uniqueEmail("linkedin-unverified"),
      email_verified: false,
    });
    expect(query(landed)).toMatchObject({ error_code: "provider_email_needs_verification" });
  });
});

describe("Sign in with Apple", () => {
  it("answers with form_post: the callback takes the POSTed code, the id_token's claims and the first sign-in's `user` name", async () => {
    const email = uniqueEmail("apple");
    const base = `${t.url}/emulators/oauth/apple`;
    const c = pkceClient(t);
    const started = await authorizeUrl(c, "apple");
    const location = await providerLocation(started);
    expect(`${location.origin}${location.pathname}`).toBe(`${base}/auth/authorize`);
    expect(query(location)).toMatchObject({ scope: "email name", response_mode: "form_post" });
    const browser = new OAuthBrowser(t.url);
    const landed = await browser.signIn(
      started,
      { email, name: "ignored" },
      { user: JSON.stringify({ name: { firstName: "Gita", lastName: "Lab" }, email }) },
    );
    expect(browser.visited.some((url) => url === `${t.url}/auth/v1/callback`)).toBe(true);
    const { data, error } = await c.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, app_metadata: { provider: "apple", providers: ["apple"] } });
    const identity = data.user?.identities?.[0];
    expect(identity?.identity_data).toEqual({
      iss: base,
      sub: identity?.id,
      provider_id: identity?.id,
      custom_claims: { is_private_email: false, auth_time: expect.any(Number) },
      name: "Gita Lab",
      full_name: "Gita Lab",
      email,
      email_verified: true,
      phone_verified: false,
    });
  });

  it("counts Apple's email as verified even when the token says otherwise (as GoTrue does)", async () => {
    const email = uniqueEmail("apple-unverified");
    const c = pkceClient(t);
    const landed = await oauthSignIn(t, c, "apple", { email, email_verified: false });
    const { data, error } = await c.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({ email, email_verified: true });
    expect(data.user?.identities?.[0]?.identity_data?.name).toBeUndefined();
  });
});

describe("implicit sign-in through the emulator", () => {
  it("puts the session and the provider token in the fragment; setSession signs the GitHub user in", async () => {
    const email = uniqueEmail("implicit-github");
    const c = implicitClient(t);
    const landed = await oauthSignIn(t, c, "github", { email, name: "Grace Hopper" });
    const params = fragment(landed);
    expect(params).toMatchObject({
      token_type: "bearer",
      sb: "",
      provider_token: expect.any(String),
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const { data, error } = await c.auth.setSession({
      access_token: params.access_token ?? "",
      refresh_token: params.refresh_token ?? "",
    });
    expect(error).toBeNull();
    const identity = data.user?.identities?.[0];
    expect(data.user).toMatchObject({ email, app_metadata: { provider: "github", providers: ["github"] } });
    expect(identity?.id).toMatch(/^\d+$/);
    expect(identity?.identity_data).toMatchObject({
      email,
      email_verified: true,
      full_name: "Grace Hopper",
      user_name: email.split("@")[0],
      preferred_username: email.split("@")[0],
      provider_id: identity?.id,
    });
  });

  it("refuses a replayed implicit callback: its flow is gone (bad_oauth_state, 303 to site_url)", async () => {
    const browser = new OAuthBrowser(t.url);
    await oauthSignIn(t, implicitClient(t), "github", { email: uniqueEmail("implicit-replay") }, browser);
    const callback = browser.visited.find((url) => url.startsWith(`${t.url}/auth/v1/callback`)) ?? "";
    const replay = await fetch(callback, { redirect: "manual" });
    expect(replay.status).toBe(303);
    const location = new URL(replay.headers.get("location") ?? "");
    expect(location.origin).toBe(APP);
    expect(query(location)).toMatchObject({
      error_code: "bad_oauth_state",
      error_description: "OAuth state not found or expired",
    });
  });
});

describe("errors come back to redirect_to", () => {
  it("reports denied consent with the provider's error in the query and the fragment", async () => {
    const landed = await new OAuthBrowser(t.url).deny(await authorizeUrl(pkceClient(t), "google"));
    expect(`${landed.origin}${landed.pathname}`).toBe(`${APP}/welcome`);
    expect(query(landed)).toMatchObject({ error: "access_denied", error_description: "The user denied access" });
    expect(fragment(landed)).toMatchObject({
      error: "access_denied",
      error_description: "The user denied access",
      sb: "",
    });
  });

  it.each([
    ["a missing state", "", "bad_oauth_callback", "OAuth state parameter missing"],
    ["a state that is not a flow id", "state=forged", "bad_oauth_state", "OAuth state parameter is invalid"],
    [
      "an unknown flow",
      "state=6f1c7c1e-0000-4000-8000-000000000000&code=x",
      "bad_oauth_state",
      "OAuth state not found or expired",
    ],
  ])("sends %s to site_url with bad-state errors (303)", async (_name, search, code, description) => {
    const response = await fetch(`${t.url}/auth/v1/callback?${search}`, { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin).toBe(APP);
    expect(query(location)).toEqual({ error: "invalid_request", error_code: code, error_description: description });
  });

  it("sends redirect_to outside the allow list back to site_url", async () => {
    const response = await fetch(
      `${t.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent("https://evil.example/steal")}`,
      { redirect: "manual" },
    );
    expect(response.status).toBe(302);
    const state = new URL(response.headers.get("location") ?? "").searchParams.get("state");
    const { rows } = await t.stack.db.admin.query("select referrer from auth.flow_state where id = $1", [state]);
    expect(rows[0]?.referrer).toBe(APP);
  });
});

describe("automatic linking", () => {
  it("adds the provider identity to the existing user with the same verified email", async () => {
    const email = uniqueEmail("autolink");
    const created = await adminClient(t).auth.admin.createUser({
      email,
      password: "password-123",
      email_confirm: true,
    });
    const c = pkceClient(t);
    const landed = await oauthSignIn(t, c, "google", { email, name: "Linked" });
    const { data } = await c.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(data.user?.id).toBe(created.data.user?.id);
    expect(data.user?.app_metadata).toMatchObject({ provider: "email", providers: ["email", "google"] });
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(["email", "google"]);
  });

  it("does not link an unverified provider email: new user, confirmation mail, provider_email_needs_verification", async () => {
    const email = uniqueEmail("unverified");
    const landed = await oauthSignIn(t, pkceClient(t), "github", { email, email_verified: false });
    expect(query(landed)).toMatchObject({
      error: "access_denied",
      error_code: "provider_email_needs_verification",
      error_description: "Unverified email with github. A confirmation email has been sent to your github email",
    });
    const mail = await waitForMail(t.stack.status().INBUCKET_URL, email);
    expect(mail.link).toContain("/auth/v1/verify");
    const { rows } = await t.stack.db.admin.query(
      "select u.email_confirmed_at, i.provider from auth.users u join auth.identities i on i.user_id = u.id where u.email = $1",
      [email],
    );
    expect(rows).toEqual([{ email_confirmed_at: null, provider: "github" }]);
  });

  it("keeps an unverified provider email away from a confirmed account that has it", async () => {
    const email = uniqueEmail("taken");
    const created = await adminClient(t).auth.admin.createUser({
      email,
      password: "password-123",
      email_confirm: true,
    });
    const landed = await oauthSignIn(t, pkceClient(t), "github", { email, email_verified: false });
    expect(query(landed)).toMatchObject({
      error: "access_denied",
      error_code: "provider_email_needs_verification",
      error_description: "Unverified email with github. Verify the email with github in order to sign in",
    });
    const { rows } = await t.stack.db.admin.query(
      "select user_id from auth.identities where provider = 'github' and identity_data ->> 'email' = $1",
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).not.toBe(created.data.user?.id);
  });
});

describe("an invitation answered through a provider", () => {
  async function invite(): Promise<{ email: string; token: string; id: string }> {
    const email = uniqueEmail("invited");
    const { data } = await adminClient(t).auth.admin.inviteUserByEmail(email);
    const mail = await waitForMail(t.stack.status().INBUCKET_URL, email);
    return { email, token: new URL(mail.link).searchParams.get("token") ?? "", id: data.user?.id ?? "" };
  }

  it("gives the invited user the provider identity and confirms the email", async () => {
    const invited = await invite();
    const c = pkceClient(t);
    const started = await authorizeUrl(c, "github", { queryParams: { invite_token: invited.token } });
    const landed = await new OAuthBrowser(t.url).signIn(started, { email: invited.email });
    const { data, error } = await c.auth.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.user?.id).toBe(invited.id);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(["github"]);
  });

  it("refuses a provider account with another email, and an unknown invite token", async () => {
    const invited = await invite();
    const started = await authorizeUrl(pkceClient(t), "github", { queryParams: { invite_token: invited.token } });
    const landed = await new OAuthBrowser(t.url).signIn(started, { email: uniqueEmail("someone-else") });
    expect(query(landed)).toMatchObject({
      error: "invalid_request",
      error_code: "validation_failed",
      error_description: "Invited email does not match emails from external provider",
    });
    const unknown = await authFetch(t, "/authorize?provider=github&invite_token=nope", { redirect: "manual" });
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: "user_not_found", message: "User identified by token not found" },
    });
  });
});
