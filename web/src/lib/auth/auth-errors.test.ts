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
    ["mfa_challenge_expired", 422, "auth.error.mfaChallengeExpired", "retry"],
    ["mfa_ip_address_mismatch", 422, "auth.error.mfaChallengeExpired", "retry"],
    ["mfa_factor_not_found", 422, "auth.error.mfaFactorNotFound", "retry"],
    ["mfa_verification_rejected", 403, "auth.error.mfaRejected", "signIn"],
    ["mfa_factor_name_conflict", 422, "auth.error.mfaNameTaken", "fixInput"],
    ["too_many_enrolled_mfa_factors", 422, "auth.error.mfaTooMany", "contactAdmin"],
    ["mfa_verified_factor_exists", 422, "mfa.error.phoneTaken", "fixInput"],
    ["mfa_totp_enroll_not_enabled", 422, "mfa.error.totpOff", "contactAdmin"],
    ["mfa_totp_verify_not_enabled", 422, "mfa.error.totpOff", "contactAdmin"],
    ["mfa_phone_enroll_not_enabled", 422, "mfa.error.phoneOff", "contactAdmin"],
    ["mfa_phone_verify_not_enabled", 422, "mfa.error.phoneOff", "contactAdmin"],
    ["mfa_webauthn_enroll_not_enabled", 422, "mfa.error.methodOff", "contactAdmin"],
    ["manual_linking_disabled", 404, "identities.error.linkingOff", "contactAdmin"],
    ["identity_not_found", 404, "auth.error.identityNotFound", "retry"],
    ["sso_provider_not_found", 404, "auth.error.ssoNotFound", "fixInput"],
  ])("maps the API code %s to its message and next step", (code, status, messageId, nextStep) => {
    expect(describeAuthError(new AuthApiError("raw server text", status, code))).toMatchObject({ messageId, nextStep });
  });

  it("puts a wrong password beside the password field", () => {
    expect(describeAuthError(new AuthApiError("Invalid login credentials", 400, "invalid_credentials")).field).toBe(
      "password",
    );
  });

  it("reads the wait time out of GoTrue's rate-limit message", () => {
    const error = new AuthApiError(
      "For security purposes, you can only request this after 37 seconds.",
      429,
      "over_email_send_rate_limit",
    );
    expect(describeAuthError(error)).toEqual({
      messageId: "auth.error.rateLimitedFor",
      values: { seconds: 37 },
      nextStep: "wait",
      retryAfterSeconds: 37,
    });
    expect(
      describeAuthError(new AuthApiError("Request rate limit reached", 429, "over_request_rate_limit")),
    ).toMatchObject({
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
    expect(describeAuthError(new AuthSessionMissingError())).toMatchObject({
      messageId: "auth.error.sessionMissing",
      nextStep: "signIn",
    });
  });

  it("tells an expired JWT from one whose signature does not verify", () => {
    expect(
      describeAuthError(
        new AuthApiError(
          "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
          403,
          "bad_jwt",
        ),
      ).messageId,
    ).toBe("auth.error.sessionExpired");
    expect(
      describeAuthError(
        new AuthApiError("invalid JWT: unable to parse or verify signature, signature is invalid", 403, "bad_jwt"),
      ).messageId,
    ).toBe("auth.error.sessionInvalid");
  });

  it("treats a link that came back with an error as a broken link to request again", () => {
    const used = new AuthImplicitGrantRedirectError("Email link is invalid or has expired", {
      error: "access_denied",
      code: "otp_expired",
    });
    expect(describeAuthError(used)).toMatchObject({ messageId: "auth.error.otpExpired", nextStep: "requestNewLink" });
    const odd = new AuthImplicitGrantRedirectError("No session defined in URL");
    expect(describeAuthError(odd)).toMatchObject({ messageId: "auth.error.linkInvalid", nextStep: "requestNewLink" });
    expect(describeAuthError(new AuthPKCECodeVerifierMissingError())).toMatchObject({
      messageId: "auth.error.linkOtherBrowser",
    });
  });

  it("puts MFA and SSO problems beside the field they are about", () => {
    expect(describeAuthError(new AuthApiError("Invalid TOTP code entered", 422, "mfa_verification_failed")).field).toBe(
      "code",
    );
    expect(
      describeAuthError(
        new AuthApiError("A factor with the friendly name already exists", 422, "mfa_factor_name_conflict"),
      ).field,
    ).toBe("name");
    expect(
      describeAuthError(new AuthApiError("A verified phone factor already exists", 422, "mfa_verified_factor_exists"))
        .field,
    ).toBe("phone");
    expect(
      describeAuthError(new AuthApiError("No SSO provider assigned for this domain", 404, "sso_provider_not_found"))
        .field,
    ).toBe("email");
  });

  it("describes a provider's error returned to /auth/callback in the URL by its error_code, else as a refusal", () => {
    const linked = new AuthImplicitGrantRedirectError("Identity is already linked to another user", {
      error: "server_error",
      code: "identity_already_exists",
    });
    expect(describeAuthError(linked)).toMatchObject({
      messageId: "auth.error.identityAlreadyExists",
      nextStep: "signIn",
    });
    const denied = new AuthImplicitGrantRedirectError("The user denied the request", {
      error: "access_denied",
      code: "",
    });
    expect(describeAuthError(denied)).toMatchObject({ messageId: "identities.error.denied", nextStep: "signIn" });
  });

  it("offers a retry for network failures and server errors", () => {
    expect(describeAuthError(new AuthRetryableFetchError("Failed to fetch", 0))).toMatchObject({
      messageId: "auth.error.network",
      nextStep: "retry",
    });
    expect(describeAuthError(new TypeError("Failed to fetch"))).toMatchObject({ messageId: "auth.error.network" });
  });

  it("says the service is unavailable when the backend lacks it, and never shows raw text otherwise", () => {
    expect(describeAuthError(new AuthApiError("Not Implemented", 501, undefined)).messageId).toBe(
      "auth.error.unavailable",
    );
    expect(describeAuthError(new AuthRetryableFetchError("Not Implemented", 501)).messageId).toBe(
      "auth.error.unavailable",
    );
    expect(describeAuthError(new AuthApiError("something new", 400, "brand_new_code")).messageId).toBe(
      "auth.error.unknown",
    );
    expect(describeAuthError("what is this").messageId).toBe("auth.error.unknown");
  });
});

describe("parseRetryAfterSeconds", () => {
  it("reads singular and plural seconds and ignores other text", () => {
    expect(parseRetryAfterSeconds("you can only request this after 1 second.")).toBe(1);
    expect(parseRetryAfterSeconds("email rate limit exceeded")).toBeUndefined();
  });
});
