import {
  AuthApiError,
  AuthImplicitGrantRedirectError,
  AuthPKCECodeVerifierMissingError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
} from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { describeAuthError, parseRetryAfterSeconds } from "./auth-errors";

describe("describeAuthError", () => {
  it.each([
    ["invalid_credentials", 400, "auth.error.invalidCredentials", "fixInput"],
    ["email_not_confirmed", 400, "auth.error.emailNotConfirmed", "resendConfirmation"],
    ["user_already_exists", 422, "auth.error.userAlreadyExists", "signIn"],
    ["email_exists", 422, "auth.error.emailExists", "fixInput"],
    ["same_password", 422, "auth.error.samePassword", "fixInput"],
    ["signup_disabled", 422, "auth.error.signupDisabled", "contactAdmin"],
    ["otp_expired", 403, "auth.error.otpExpired", "requestNewLink"],
    ["flow_state_expired", 422, "auth.error.linkInvalid", "requestNewLink"],
    ["reauthentication_needed", 400, "auth.error.reauthenticationNeeded", "reauthenticate"],
    ["reauthentication_not_valid", 422, "auth.error.reauthenticationInvalid", "fixInput"],
    ["refresh_token_already_used", 400, "auth.error.sessionExpired", "signIn"],
    ["insufficient_aal", 401, "auth.error.insufficientAal", "signIn"],
    ["mfa_verification_failed", 422, "auth.error.mfaCodeInvalid", "fixInput"],
    ["identity_already_exists", 422, "auth.error.identityAlreadyExists", "signIn"],
    ["single_identity_not_deletable", 422, "auth.error.lastIdentity", "fixInput"],
  ])("maps the API code %s to its message and next step", (code, status, messageId, nextStep) => {
    expect(describeAuthError(new AuthApiError("raw server text", status, code))).toMatchObject({ messageId, nextStep });
  });

  it("puts a wrong password beside the password field", () => {
    expect(describeAuthError(new AuthApiError("Invalid login credentials", 400, "invalid_credentials")).field).toBe("password");
  });

  it("reads the wait time out of GoTrue's rate-limit message", () => {
    const error = new AuthApiError("For security purposes, you can only request this after 37 seconds.", 429, "over_email_send_rate_limit");
    expect(describeAuthError(error)).toEqual({
      messageId: "auth.error.rateLimitedFor",
      values: { seconds: 37 },
      nextStep: "wait",
      retryAfterSeconds: 37,
    });
    expect(describeAuthError(new AuthApiError("Request rate limit reached", 429, "over_request_rate_limit"))).toMatchObject({
      messageId: "auth.error.rateLimited",
      nextStep: "wait",
    });
  });

  it("lists each reason a password was refused", () => {
    const error = new AuthWeakPasswordError("Password should be at least 8 characters.", 422, ["length", "pwned"]);
    expect(describeAuthError(error)).toEqual({
      messageId: "auth.error.weakPassword",
      nextStep: "fixInput",
      field: "newPassword",
      details: ["auth.error.weakPassword.length", "auth.error.weakPassword.pwned"],
    });
  });

  it("asks to sign in again when the session is missing", () => {
    expect(describeAuthError(new AuthSessionMissingError())).toMatchObject({ messageId: "auth.error.sessionMissing", nextStep: "signIn" });
  });

  it("tells an expired JWT from one whose signature does not verify", () => {
    expect(describeAuthError(new AuthApiError("invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired", 403, "bad_jwt")).messageId).toBe(
      "auth.error.sessionExpired",
    );
    expect(describeAuthError(new AuthApiError("invalid JWT: unable to parse or verify signature, signature is invalid", 403, "bad_jwt")).messageId).toBe(
      "auth.error.sessionInvalid",
    );
  });

  it("treats a link that came back with an error as a broken link to request again", () => {
    const used = new AuthImplicitGrantRedirectError("Email link is invalid or has expired", { error: "access_denied", code: "otp_expired" });
    expect(describeAuthError(used)).toMatchObject({ messageId: "auth.error.otpExpired", nextStep: "requestNewLink" });
    const odd = new AuthImplicitGrantRedirectError("No session defined in URL");
    expect(describeAuthError(odd)).toMatchObject({ messageId: "auth.error.linkInvalid", nextStep: "requestNewLink" });
    expect(describeAuthError(new AuthPKCECodeVerifierMissingError())).toMatchObject({ messageId: "auth.error.linkOtherBrowser" });
  });

  it("offers a retry for network failures and server errors", () => {
    expect(describeAuthError(new AuthRetryableFetchError("Failed to fetch", 0))).toMatchObject({ messageId: "auth.error.network", nextStep: "retry" });
    expect(describeAuthError(new TypeError("Failed to fetch"))).toMatchObject({ messageId: "auth.error.network" });
  });

  it("says the service is unavailable when the backend lacks it, and never shows raw text otherwise", () => {
    expect(describeAuthError(new AuthApiError("Not Implemented", 501, undefined)).messageId).toBe("auth.error.unavailable");
    expect(describeAuthError(new AuthRetryableFetchError("Not Implemented", 501)).messageId).toBe("auth.error.unavailable");
    expect(describeAuthError(new AuthApiError("something new", 400, "brand_new_code")).messageId).toBe("auth.error.unknown");
    expect(describeAuthError("what is this").messageId).toBe("auth.error.unknown");
  });
});

describe("parseRetryAfterSeconds", () => {
  it("reads singular and plural seconds and ignores other text", () => {
    expect(parseRetryAfterSeconds("you can only request this after 1 second.")).toBe(1);
    expect(parseRetryAfterSeconds("email rate limit exceeded")).toBeUndefined();
  });
});
