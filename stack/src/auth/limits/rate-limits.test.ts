import { describe, expect, it } from "vitest";
import type { StackConfig } from "../../config/index.ts";
import { readAuthSettings } from "../config/settings.ts";
import { AuthError } from "../errors.ts";
import { createRateLimits } from "./rate-limits.ts";

const settings = (auth: Record<string, unknown>) =>
  readAuthSettings({ auth } as unknown as StackConfig, "http://127.0.0.1:54321");
const codeOf = (fn: () => void) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    return error instanceof AuthError ? `${error.status} ${error.code}` : "other";
  }
};

describe("createRateLimits", () => {
  it("applies email_sent per hour with custom SMTP and confirmations on", () => {
    const limits = createRateLimits(
      settings({
        rate_limit: { email_sent: 2 },
        email: { enable_confirmations: true, smtp: { host: "smtp.example.com" } },
      }),
      { perIp: true },
    );
    expect([codeOf(limits.countEmail), codeOf(limits.countEmail), codeOf(limits.countEmail)]).toEqual([
      "ok",
      "ok",
      "429 over_email_send_rate_limit",
    ]);
  });

  it("does not cap mail to the local mailbox (the CLI lifts email_sent without SMTP)", () => {
    const limits = createRateLimits(
      settings({ rate_limit: { email_sent: 1 }, email: { enable_confirmations: true } }),
      {
        perIp: false,
      },
    );
    expect([codeOf(limits.countEmail), codeOf(limits.countEmail)]).toEqual(["ok", "ok"]);
  });

  it("answers over_request_rate_limit per IP once the bucket is spent", () => {
    const limits = createRateLimits(settings({ rate_limit: { anonymous_users: 1 } }), { perIp: true });
    expect(codeOf(() => limits.check("anonymous_users", "10.0.0.1"))).toBe("ok");
    expect(codeOf(() => limits.check("anonymous_users", "10.0.0.1"))).toBe("429 over_request_rate_limit");
    expect(codeOf(() => limits.check("anonymous_users", "10.0.0.2"))).toBe("ok");
  });

  it("applies no per-IP bucket when the client's address has no configured source (the CLI's local stack)", () => {
    const limits = createRateLimits(settings({ rate_limit: { anonymous_users: 1 } }), { perIp: false });
    expect([1, 2, 3].map(() => codeOf(() => limits.check("anonymous_users", "10.0.0.1")))).toEqual(["ok", "ok", "ok"]);
  });
});
