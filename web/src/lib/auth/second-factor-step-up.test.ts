import { beforeEach, describe, expect, it, vi } from "vitest";
import { needsSecondFactor } from "./mfa";
import { stepUpPath } from "./second-factor-step-up";

vi.mock("./mfa", () => ({ needsSecondFactor: vi.fn() }));
const owed = vi.mocked(needsSecondFactor);

describe("stepUpPath", () => {
  beforeEach(() => owed.mockReset());

  it("sends a page to the MFA step, leading back to it, while the second factor is owed", async () => {
    owed.mockResolvedValue(true);
    expect(await stepUpPath("/w/demo/c/123?message=9")).toBe("/sign-in/mfa?next=%2Fw%2Fdemo%2Fc%2F123%3Fmessage%3D9");
    expect(await stepUpPath("/")).toBe("/sign-in/mfa");
  });

  it("leaves a session alone that owes nothing", async () => {
    owed.mockResolvedValue(false);
    expect(await stepUpPath("/w/demo")).toBeNull();
  });

  it("leaves the auth screens to handle the step themselves", async () => {
    owed.mockResolvedValue(true);
    for (const here of ["/sign-in/mfa?next=%2Fw", "/sign-in?next=%2Fw", "/auth/callback?code=1", "/reset-password"]) {
      expect(await stepUpPath(here)).toBeNull();
    }
  });
});
