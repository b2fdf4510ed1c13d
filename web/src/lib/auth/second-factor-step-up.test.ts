import type { Session } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { sessionOwesSecondFactor, stepUpPath } from "./second-factor-step-up";

const token = (claims: Record<string, unknown>) =>
  `h.${btoa(JSON.stringify(claims)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.s`;
const session = (aal: string, factors: { status: string }[]) =>
  ({ access_token: token({ aal, sub: "u" }), user: { id: "u", factors } }) as unknown as Session;

describe("stepUpPath", () => {
  it("sends a page to the MFA step, leading back to it", () => {
    expect(stepUpPath("/w/demo/c/123?message=9")).toBe("/sign-in/mfa?next=%2Fw%2Fdemo%2Fc%2F123%3Fmessage%3D9");
    expect(stepUpPath("/invite?token=abc")).toBe("/sign-in/mfa?next=%2Finvite%3Ftoken%3Dabc");
    expect(stepUpPath("/")).toBe("/sign-in/mfa");
  });

  it("leaves the auth screens to handle the step themselves", () => {
    for (const here of ["/sign-in/mfa?next=%2Fw", "/sign-in?next=%2Fw", "/auth/callback?code=1", "/reset-password"]) {
      expect(stepUpPath(here)).toBeNull();
    }
  });
});

describe("sessionOwesSecondFactor", () => {
  it.each([
    ["aal1 with a verified factor", session("aal1", [{ status: "verified" }]), true],
    ["aal2 with a verified factor", session("aal2", [{ status: "verified" }]), false],
    ["aal1 with only an unverified factor", session("aal1", [{ status: "unverified" }]), false],
    ["aal1 without factors", session("aal1", []), false],
    ["no session", null, false],
  ])("%s → %s", (_name, value, expected) => {
    expect(sessionOwesSecondFactor(value)).toBe(expected);
  });
});
