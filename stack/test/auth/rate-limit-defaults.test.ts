// GoTrue applies its per-IP limits only when it is told where the client's address is (a
// configured rate-limit header, or a trusted Sb-Forwarded-For); the Supabase CLI's local stack
// configures neither, so a local test run can sign up as often as it likes. The stack does the
// same: without --trusted-proxies and outside production mode, no per-IP bucket applies.
// (Tests of the limits themselves start their stack with trusted proxies: see disabled-and-limits.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { uniqueEmail } from "./support/auth-api.ts";

let t: TestStack;
beforeAll(async () => {
  // [auth.rate_limit] sign_in_sign_ups = 30 (burst 30), anonymous_users = 3 in this fixture.
  t = await startTestStack("auth-autoconfirm");
});
afterAll(() => t?.close());

const client = () => testClient(t.url, t.stack.keys.publishableKey);

describe("per-IP rate limits in a local stack", () => {
  it("do not throttle many sign-ups from one address", async () => {
    const failures: unknown[] = [];
    for (let i = 0; i < 75; i++) {
      const { error } = await client().auth.signUp({ email: uniqueEmail("many"), password: "Correct-horse-1" });
      if (error) failures.push(error);
    }
    expect(failures).toEqual([]);
  });

  it("do not throttle anonymous sign-ins past anonymous_users", async () => {
    const failures: unknown[] = [];
    for (let i = 0; i < 8; i++) {
      const { error } = await client().auth.signInAnonymously();
      if (error) failures.push(error);
    }
    expect(failures).toEqual([]);
  });
});
