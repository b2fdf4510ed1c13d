import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch } from "./support/auth-api.ts";
import { ssoAdmin } from "./support/saml.ts";

// As the Supabase CLI's local stack, SAML is off unless switched on: `[auth.saml] enabled = true` in
// config.toml (a Parley Stack key; the auth-sso fixture has it), or GOTRUE_SAML_ENABLED=true.
// GoTrue's own switch also turns it off over the config (read when auth starts).
describe.each([
  ["a config.toml without [auth.saml] (the CLI's default)", "auth", undefined],
  ["GOTRUE_SAML_ENABLED=false over [auth.saml] enabled = true", "auth-sso", "false"],
] as const)("SAML off with %s", (_name, fixture, environment) => {
  let t: TestStack;
  beforeAll(async () => {
    const before = process.env.GOTRUE_SAML_ENABLED;
    if (environment === undefined) delete process.env.GOTRUE_SAML_ENABLED;
    else process.env.GOTRUE_SAML_ENABLED = environment;
    try {
      t = await startTestStack(fixture);
    } finally {
      if (before === undefined) delete process.env.GOTRUE_SAML_ENABLED;
      else process.env.GOTRUE_SAML_ENABLED = before;
    }
  });
  afterAll(() => t?.close());

  it.each([
    ["POST", "/sso"],
    ["GET", "/sso/saml/metadata"],
    ["POST", "/sso/saml/acs"],
  ])("%s %s answers 404 saml_provider_disabled", async (method, path) => {
    expect(await authFetch(t, path, { method, body: method === "POST" ? {} : undefined })).toMatchObject({
      status: 404,
      body: { code: "saml_provider_disabled", message: "SAML 2.0 is disabled" },
    });
  });

  it("refuses signInWithSSO and the admin API, and says saml_enabled: false", async () => {
    const { error } = await testClient(t.url, t.stack.keys.publishableKey).auth.signInWithSSO({
      domain: "sso.parley.test",
    });
    expect(error).toMatchObject({ status: 404, code: "saml_provider_disabled" });
    expect(await ssoAdmin(t, "GET", "")).toMatchObject({ status: 404, body: { error_code: "saml_provider_disabled" } });
    expect((await authFetch(t, "/settings")).body).toMatchObject({ saml_enabled: false });
  });
});
