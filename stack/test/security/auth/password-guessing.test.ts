import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import { authFetch } from "../../auth/support/auth-api.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { createPerson, type Person } from "../../parley/support/people.ts";
import { parseTrustedProxies } from "../../../src/gateway/index.ts";

// Per-IP limits apply only when the client's address has a configured source (as GoTrue's rate-limit
// header): trusted proxies here, in a range the test client is not in, so its own
// X-Forwarded-For is not believed and its socket address counts.
const CLIENT_ADDRESS_CONFIGURED = parseTrustedProxies("192.0.2.0/24");

// A password sign-in spends the client's token_refresh bucket, as every grant of GoTrue's /token
// does (auth: internal/api/token.go). Parley's own config keeps GoTrue's default [auth.rate_limit]
// token_refresh = 150 per 5 minutes per IP with GoTrue's burst of 30: the 31st attempt is refused,
// and one more is let through for every 2 s that pass.
const BURST = 30;
const REFILL_MS = (5 * 60_000) / 150;

let t: TestStack;
let victim: Person;
beforeAll(async () => {
  t = await startParleyStack({ trustedProxies: CLIENT_ADDRESS_CONFIGURED });
  victim = await createPerson(t, "victim", "the-real-password");
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const guess = (password: string, forwardedFor: string) =>
  authFetch(t, "/token?grant_type=password", {
    body: { email: victim.email, password },
    headers: { "x-forwarded-for": forwardedFor },
  });

describe("password guessing", () => {
  it("hits the per-IP rate limit, and a spoofed X-Forwarded-For does not reset it", async () => {
    // The stack runs in this process: its clock stands still while the test spends the bucket, so
    // a slow run does not see it refill mid-way (one token per 2 s).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const answers: string[] = [];
    for (let i = 0; i < BURST; i++) {
      const { status, body } = await guess(`guess-${i}`, `203.0.113.${i}`);
      answers.push(`${status} ${String(body.code)}`);
    }
    expect(new Set(answers)).toEqual(new Set(["400 invalid_credentials"]));
    // Even the right password is refused now: the limit stops guessing before the password is checked.
    const next = await guess("the-real-password", "198.51.100.7");
    expect(next).toMatchObject({
      status: 429,
      body: { code: "over_request_rate_limit", message: "Request rate limit reached" },
    });
    // The bucket refills at GoTrue's token_refresh rate: one more guess after 2 s, not two.
    vi.setSystemTime(Date.now() + REFILL_MS);
    expect(await guess("guess-after-refill", "198.51.100.8")).toMatchObject({
      status: 400,
      body: { code: "invalid_credentials" },
    });
    expect(await guess("the-real-password", "198.51.100.9")).toMatchObject({
      status: 429,
      body: { code: "over_request_rate_limit" },
    });
  });
});
