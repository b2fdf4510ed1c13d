import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch } from "./support/auth-api.ts";
import { ssoAdmin } from "./support/saml.ts";

let t: TestStack;
beforeAll(async () => {
  // SAML is on by default in the stack; GoTrue's own switch turns it off (read when auth starts).
  const before = process.env.GOTRUE_SAML_ENABLED;
  process.env.GOTRUE_SAML_ENABLED = "false";
  try {
    t = await startTestStack("auth-sso");
  } finally {
    if (before === undefined) delete process.env.GOTRUE_SAML_ENABLED;
    else process.env.GOTRUE_SAML_ENABLED = before;
  }
});
afterAll(() => t?.close());

describe("SAML switched off with GOTRUE_SAML_ENABLED=false", () => {
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
