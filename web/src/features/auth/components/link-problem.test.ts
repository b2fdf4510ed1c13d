import { AuthImplicitGrantRedirectError, AuthPKCECodeVerifierMissingError } from "@supabase/supabase-js";
import { expect, it } from "vitest";
import { isProviderReturnError } from "./link-problem";

it("tells an error a provider sent back from a broken email link", () => {
  expect(
    isProviderReturnError(
      new AuthImplicitGrantRedirectError("denied", { error: "access_denied", code: "unspecified_code" }),
    ),
  ).toBe(true);
  expect(
    isProviderReturnError(
      new AuthImplicitGrantRedirectError("linked", { error: "server_error", code: "identity_already_exists" }),
    ),
  ).toBe(true);
  expect(
    isProviderReturnError(
      new AuthImplicitGrantRedirectError("expired", { error: "access_denied", code: "otp_expired" }),
    ),
  ).toBe(false);
  expect(isProviderReturnError(new AuthPKCECodeVerifierMissingError())).toBe(false);
});
