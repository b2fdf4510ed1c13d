import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch } from "./support/auth-api.ts";
import { parseTrustedProxies } from "../../src/gateway/index.ts";

// Per-IP limits apply only when the client's address has a configured source (as GoTrue's rate-limit
// header): trusted proxies here, in a range the test client is not in, so its own
// X-Forwarded-For is not believed and its socket address counts.
const CLIENT_ADDRESS_CONFIGURED = parseTrustedProxies("192.0.2.0/24");

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-locked", { trustedProxies: CLIENT_ADDRESS_CONFIGURED });
});
afterAll(() => t?.close());

const client = () => testClient(t.url, t.stack.keys.publishableKey);

describe("switched-off features answer with GoTrue's codes", () => {
  it.each([
    [
      "email sign-up with sign-ups off",
      "/signup",
      { email: "a@example.com", password: "correct-horse-1" },
      422,
      "signup_disabled",
      "Signups not allowed for this instance",
    ],
    [
      "phone sign-up with sign-ups off",
      "/signup",
      { phone: "+15550002222", password: "correct-horse-1" },
      422,
      "signup_disabled",
      "Signups not allowed for this instance",
    ],
    [
      "anonymous sign-in when disabled",
      "/signup",
      {},
      422,
      "anonymous_provider_disabled",
      "Anonymous sign-ins are disabled",
    ],
    [
      "password sign-in with the email provider off",
      "/token?grant_type=password",
      { email: "a@example.com", password: "x" },
      422,
      "email_provider_disabled",
      "Email logins are disabled",
    ],
    [
      "recovery with the email provider off",
      "/recover",
      { email: "a@example.com" },
      400,
      "email_provider_disabled",
      "Email logins are disabled",
    ],
    [
      "email OTP with the email provider off",
      "/otp",
      { email: "a@example.com" },
      422,
      "email_provider_disabled",
      "Email logins are disabled",
    ],
    [
      "phone OTP without an SMS provider",
      "/otp",
      { phone: "+15550002222" },
      400,
      "phone_provider_disabled",
      "Unsupported phone provider",
    ],
  ])("%s", async (_name, path, body, status, code, message) => {
    expect(await authFetch(t, path, { body })).toMatchObject({ status, body: { code, message } });
  });

  it("reports the switches in /settings", async () => {
    const { body } = await authFetch(t, "/settings");
    expect(body).toMatchObject({
      disable_signup: true,
      mailer_autoconfirm: true,
      phone_autoconfirm: true,
      external: { email: false, phone: false, anonymous_users: false, google: false },
    });
  });

  it("surfaces signup_disabled through supabase-js", async () => {
    const { error } = await client().auth.signUp({ email: "b@example.com", password: "correct-horse-1" });
    expect(error).toMatchObject({ status: 422, code: "signup_disabled" });
  });
});

describe("per-IP rate limits", () => {
  it("answers 429 over_request_rate_limit once the verification bucket (burst 30) is spent", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof authFetch>> | undefined;
    for (let i = 0; i < 31; i++) {
      last = await authFetch(t, "/verify", { body: { type: "signup", token_hash: `nope${i}` } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(last).toMatchObject({
      status: 429,
      body: { code: "over_request_rate_limit", message: "Request rate limit reached" },
    });
  });
});

describe("per-IP rate limits without trusted proxies", () => {
  it("ignores X-Forwarded-For from a peer that is not a trusted proxy, so a client cannot pick a fresh bucket", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await authFetch(t, "/verify", {
        body: { type: "signup", token_hash: `spoofed${i}` },
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
  });
});
