import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAML_EMULATOR_KEY_FILE } from "../../src/saml-emulator/index.ts";
import { signedResponse } from "../../src/saml-emulator/signed-response.ts";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch, decodeJwt, uniqueEmail } from "./support/auth-api.ts";
import { hiddenField, postToAcs, readIdpUrl, signInAtEmulator, ssoAdmin } from "./support/saml.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-sso");
});
afterAll(() => t?.close());

const DEMO_DOMAIN = "sso.parley.test";
const REDIRECT = "http://127.0.0.1:3000/welcome";
const pkceClient = () => testClient(t.url, t.stack.keys.publishableKey, { auth: { flowType: "pkce" } });
const implicitClient = () => testClient(t.url, t.stack.keys.publishableKey, { auth: { flowType: "implicit" } });

async function emulatorProviderId(): Promise<string> {
  const { body } = await ssoAdmin(t, "GET", "/resource_parley-saml-emulator");
  return body.id as string;
}

/** signInWithSSO, then the emulator's sign-in page, returning the SAMLResponse it posts. */
async function startAndSignIn(client: ReturnType<typeof pkceClient>, account: { email: string; name: string }) {
  const { data, error } = await client.auth.signInWithSSO({ domain: DEMO_DOMAIN, options: { redirectTo: REDIRECT } });
  expect(error).toBeNull();
  const idpUrl = data?.url ?? "";
  return { idpUrl, ...(await signInAtEmulator(idpUrl, account)) };
}

describe("SSO through the SAML IdP emulator", () => {
  it("signs in by domain with PKCE: redirect with a code, session with amr sso/saml and an sso:<id> identity", async () => {
    const client = pkceClient();
    const email = uniqueEmail("saml-pkce");
    const flow = await startAndSignIn(client, { email, name: "Grace Hopper" });
    expect(flow.signInPage).toContain('<label for="email">Email</label>');
    expect(flow.acsUrl).toBe(`${t.url}/auth/v1/sso/saml/acs`);

    const { status, location } = await postToAcs(t, flow.samlResponse, flow.relayState);
    expect(status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    const code = location.searchParams.get("code") ?? "";
    expect(code).not.toBe("");

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    const providerId = await emulatorProviderId();
    const session = data.session;
    expect(decodeJwt(session?.access_token ?? "").claims.amr).toEqual([
      { method: "sso/saml", timestamp: expect.any(Number), provider: providerId },
    ]);
    expect(session?.user).toMatchObject({
      email,
      app_metadata: { provider: `sso:${providerId}`, providers: [`sso:${providerId}`] },
      user_metadata: {
        email,
        name: "Grace Hopper",
        full_name: "Grace Hopper",
        email_verified: true,
        iss: "urn:parley-stack:saml-emulator",
      },
    });
    expect(session?.user.email_confirmed_at).toBeDefined();
    expect(session?.user.identities).toEqual([
      expect.objectContaining({
        provider: `sso:${providerId}`,
        identity_data: expect.objectContaining({ email, name: "Grace Hopper" }),
      }),
    ]);
    const { rows } = await t.stack.db.admin.query("select is_sso_user from auth.users where id = $1", [
      session?.user.id,
    ]);
    expect(rows[0]?.is_sso_user).toBe(true);
  });

  it("signs in with the implicit flow: tokens in the fragment, and the same user next time", async () => {
    const email = uniqueEmail("saml-implicit");
    const first = await startAndSignIn(implicitClient(), { email, name: "Alan Turing" });
    const one = await postToAcs(t, first.samlResponse, first.relayState);
    expect(one.status).toBe(302);
    const fragment = new URLSearchParams(one.location.hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    const claims = decodeJwt(fragment.get("access_token") ?? "").claims;
    expect(claims).toMatchObject({ email, amr: [expect.objectContaining({ method: "sso/saml" })] });

    const second = await startAndSignIn(implicitClient(), { email, name: "Alan M. Turing" });
    const two = await postToAcs(t, second.samlResponse, second.relayState);
    const again = decodeJwt(new URLSearchParams(two.location.hash.slice(1)).get("access_token") ?? "").claims;
    expect(again.sub).toBe(claims.sub);
    expect(again.user_metadata).toMatchObject({ name: "Alan M. Turing" });
  });

  it("offers an account used before on the emulator's sign-in page", async () => {
    const email = uniqueEmail("saml-known");
    const first = await startAndSignIn(implicitClient(), { email, name: "Known Person" });
    await postToAcs(t, first.samlResponse, first.relayState);
    const { data } = await implicitClient().auth.signInWithSSO({ domain: DEMO_DOMAIN });
    const page = await (await fetch(data?.url ?? "")).text();
    expect(page).toContain(`Known Person (${email})`);
  });

  it("shows the emulator's form again with an announced error for an invalid email", async () => {
    const { data } = await implicitClient().auth.signInWithSSO({ domain: DEMO_DOMAIN });
    const page = await (await fetch(data?.url ?? "")).text();
    const form = new URLSearchParams({
      SAMLRequest: hiddenField(page, "SAMLRequest"),
      RelayState: hiddenField(page, "RelayState"),
      email: "not-an-email",
      name: "",
    });
    const response = await fetch(new URL("sign-in", data?.url ?? ""), { method: "POST", body: form });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<p id="email-error" role="alert">Enter the test account&apos;s email address.</p>');
    expect(html).toContain('aria-invalid="true"');
    expect(hiddenField(html, "RelayState")).toBe(hiddenField(page, "RelayState"));
  });

  it("refuses an assertion modified after signing", async () => {
    const email = uniqueEmail("saml-tamper");
    const flow = await startAndSignIn(implicitClient(), { email, name: "Mallory" });
    const xml = Buffer.from(flow.samlResponse, "base64").toString("utf8");
    const tampered = Buffer.from(xml.split(email).join("ceo@example.com")).toString("base64");
    const { status, location } = await postToAcs(t, tampered, flow.relayState);
    expect(status).toBe(303);
    expect(location.origin).toBe("http://127.0.0.1:3000");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      error: "invalid_request",
      error_code: "validation_failed",
      error_description: "SAML Assertion is not valid",
    });
    const { rows } = await t.stack.db.admin.query("select 1 from auth.users where email = 'ceo@example.com'");
    expect(rows).toHaveLength(0);
  });

  it("sends the user back to site_url with an error when they cancel at the IdP", async () => {
    const { data } = await implicitClient().auth.signInWithSSO({
      domain: DEMO_DOMAIN,
      options: { redirectTo: REDIRECT },
    });
    const cancelled = await signInAtEmulator(data?.url ?? "", "cancel");
    const { status, location } = await postToAcs(t, cancelled.samlResponse, cancelled.relayState);
    expect(status).toBe(303);
    expect(location.origin).toBe("http://127.0.0.1:3000");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      error: "invalid_request",
      error_code: "validation_failed",
    });
  });

  it("refuses a replayed assertion", async () => {
    const flow = await startAndSignIn(implicitClient(), { email: uniqueEmail("saml-replay"), name: "Replay" });
    expect((await postToAcs(t, flow.samlResponse, flow.relayState)).status).toBe(302);
    const replay = await postToAcs(t, flow.samlResponse, flow.relayState);
    expect(replay.status).toBe(303);
    expect(Object.fromEntries(replay.location.searchParams)).toMatchObject({
      error_code: "saml_relay_state_not_found",
      error_description: "SAML RelayState does not exist, try logging in again?",
    });
  });

  it("refuses an expired assertion and one for another audience, though validly signed", async () => {
    const keys = JSON.parse(await readFile(path.join(t.project.dataDir, SAML_EMULATOR_KEY_FILE), "utf8")) as {
      privateKey: string;
      certificate: string;
    };
    const acsUrl = `${t.url}/auth/v1/sso/saml/acs`;
    const cases = [
      { audience: `${t.url}/auth/v1/sso/saml/metadata`, now: new Date(Date.now() - 15 * 60_000) },
      { audience: "https://another-app.example.com/saml/metadata", now: new Date() },
    ];
    for (const { audience, now } of cases) {
      const { data } = await implicitClient().auth.signInWithSSO({ domain: DEMO_DOMAIN });
      const { requestId, relayState } = readIdpUrl(data?.url ?? "");
      const account = { email: uniqueEmail("saml-expired"), name: "Late" };
      const xml = signedResponse({ account, inResponseTo: requestId, audience, acsUrl, now, ...keys });
      const { status, location } = await postToAcs(t, Buffer.from(xml).toString("base64"), relayState);
      expect(status).toBe(303);
      expect(location.searchParams.get("error_code")).toBe("validation_failed");
    }
  });

  it("refuses a response to another AuthnRequest", async () => {
    const keys = JSON.parse(await readFile(path.join(t.project.dataDir, SAML_EMULATOR_KEY_FILE), "utf8")) as {
      privateKey: string;
      certificate: string;
    };
    const { data } = await implicitClient().auth.signInWithSSO({ domain: DEMO_DOMAIN });
    const { relayState } = readIdpUrl(data?.url ?? "");
    const xml = signedResponse({
      account: { email: uniqueEmail("saml-other-request"), name: "Other" },
      inResponseTo: "_not-this-flow",
      audience: `${t.url}/auth/v1/sso/saml/metadata`,
      acsUrl: `${t.url}/auth/v1/sso/saml/acs`,
      ...keys,
    });
    const { location } = await postToAcs(t, Buffer.from(xml).toString("base64"), relayState);
    expect(location.searchParams.get("error_code")).toBe("validation_failed");
  });

  it("accepts an IdP-initiated response once, redirecting to the RelayState URL", async () => {
    const keys = JSON.parse(await readFile(path.join(t.project.dataDir, SAML_EMULATOR_KEY_FILE), "utf8")) as {
      privateKey: string;
      certificate: string;
    };
    const email = uniqueEmail("saml-idp-initiated");
    const xml = signedResponse({
      account: { email, name: "Unsolicited" },
      audience: `${t.url}/auth/v1/sso/saml/metadata`,
      acsUrl: `${t.url}/auth/v1/sso/saml/acs`,
      ...keys,
    });
    const samlResponse = Buffer.from(xml).toString("base64");
    const first = await postToAcs(t, samlResponse, REDIRECT);
    expect(first.status).toBe(302);
    expect(`${first.location.origin}${first.location.pathname}`).toBe(REDIRECT);
    expect(decodeJwt(new URLSearchParams(first.location.hash.slice(1)).get("access_token") ?? "").claims).toMatchObject(
      { email },
    );
    const replay = await postToAcs(t, samlResponse, REDIRECT);
    expect(Object.fromEntries(replay.location.searchParams)).toMatchObject({
      error_code: "validation_failed",
      error_description: "SAML Assertion has already been used",
    });
  });

  it("answers an unknown IdP and a malformed RelayState with GoTrue's errors", async () => {
    const foreign = Buffer.from(
      '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">https://unknown-idp.test</saml:Issuer></samlp:Response>',
    ).toString("base64");
    const unknown = await postToAcs(t, foreign, "");
    expect(Object.fromEntries(unknown.location.searchParams)).toMatchObject({
      error: "server_error",
      error_code: "saml_idp_not_found",
    });
    const malformed = await postToAcs(t, foreign, "not-a-uuid-or-url");
    expect(Object.fromEntries(malformed.location.searchParams)).toMatchObject({
      error_code: "validation_failed",
      error_description: "SAML RelayState is not a valid UUID or URL",
    });
    // A blank response decodes to an empty document: refused as not SAML, never a 500.
    const blank = await postToAcs(t, "   ", "");
    expect(Object.fromEntries(blank.location.searchParams)).toMatchObject({
      error_code: "validation_failed",
      error_description: "SAMLResponse is not a valid XML SAML assertion",
    });
  });

  it("answers sso_provider_not_found for an unknown domain or provider id, and validation errors as GoTrue", async () => {
    const unknownDomain = await implicitClient().auth.signInWithSSO({ domain: "nobody.example.com" });
    expect(unknownDomain.error).toMatchObject({
      status: 404,
      code: "sso_provider_not_found",
      message: "No SSO provider assigned for this domain",
    });
    const unknownId = await implicitClient().auth.signInWithSSO({ providerId: "5b4d4e65-3c1d-4f77-9d0c-2b1f8ad1c0de" });
    expect(unknownId.error).toMatchObject({
      status: 404,
      code: "sso_provider_not_found",
      message: "No such SSO provider",
    });
    expect(await authFetch(t, "/sso", { body: { provider_id: "abc" } })).toMatchObject({
      status: 400,
      body: { code: "bad_json" },
    });
    expect(await authFetch(t, "/sso", { body: {} })).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "A provider_id or domain needs to be provided" },
    });
    expect(
      await authFetch(t, "/sso", { body: { domain: DEMO_DOMAIN, provider_id: await emulatorProviderId() } }),
    ).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "Only one of provider_id or domain supported" },
    });
  });

  it("redirects with 303 to the IdP unless skip_http_redirect", async () => {
    const response = await fetch(`${t.url}/auth/v1/sso`, {
      method: "POST",
      headers: { apikey: t.stack.keys.publishableKey, "content-type": "application/json" },
      body: JSON.stringify({ domain: DEMO_DOMAIN }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${t.url}/emulators/saml/sso\\?SAMLRequest=`));
  });

  it("serves the SP metadata and says saml_enabled in /settings", async () => {
    expect((await authFetch(t, "/settings")).body).toMatchObject({ saml_enabled: true });
    const metadata = await fetch(`${t.url}/auth/v1/sso/saml/metadata?download=true`);
    expect(metadata.headers.get("content-disposition")).toBe('attachment; filename="metadata.xml"');
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${t.url}/auth/v1/sso/saml/metadata"`);
    expect(xml).toContain(`Location="${t.url}/auth/v1/sso/saml/acs"`);
    expect(xml).toMatch(/validUntil="/);
    expect(xml).toContain("<NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>");
    expect(xml).toContain("<NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</NameIDFormat>");
  });
});
