import {
  isAuthApiError,
  isAuthError,
  isAuthImplicitGrantRedirectError,
  isAuthPKCECodeVerifierMissingError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
} from "@supabase/auth-js";
import type { MessageId } from "../i18n/messages";
import { GoogleIdentityError, type GoogleIdentityFailure } from "./google-identity-error";
import { describeWebAuthnFailure } from "./webauthn-errors";

/**
 * What the person can do about an auth error. Screens turn each step into a button or a link:
 * `signIn` signs out locally and opens sign-in, `requestNewLink` offers to send a fresh email,
 * `resendConfirmation` resends the sign-up email, `wait` shows a countdown, `retry` repeats the
 * action, `reauthenticate` asks for the emailed code, `fixInput` points at a field.
 */
export type AuthNextStep =
  | "signIn"
  | "requestNewLink"
  | "resendConfirmation"
  | "wait"
  | "retry"
  | "reauthenticate"
  | "fixInput"
  | "contactAdmin";

/** The field an error belongs beside, when it belongs to one. */
export type AuthErrorField = "email" | "password" | "code" | "newPassword" | "name" | "phone";

export type AuthErrorDescription = {
  messageId: MessageId;
  values?: Record<string, string | number>;
  nextStep: AuthNextStep;
  field?: AuthErrorField;
  /** Extra lines, each its own message (the reasons a password was refused). */
  details?: MessageId[];
  /** For `wait`: seconds until the action may be repeated, when the server said. */
  retryAfterSeconds?: number;
};

type Rule = Omit<AuthErrorDescription, "values" | "details" | "retryAfterSeconds">;

const byCode: Record<string, Rule> = {
  invalid_credentials: { messageId: "auth.error.invalidCredentials", nextStep: "fixInput", field: "password" },
  email_not_confirmed: { messageId: "auth.error.emailNotConfirmed", nextStep: "resendConfirmation" },
  phone_not_confirmed: { messageId: "auth.error.emailNotConfirmed", nextStep: "resendConfirmation" },
  user_already_exists: { messageId: "auth.error.userAlreadyExists", nextStep: "signIn", field: "email" },
  email_exists: { messageId: "auth.error.emailExists", nextStep: "fixInput", field: "email" },
  identity_already_exists: { messageId: "auth.error.identityAlreadyExists", nextStep: "signIn" },
  same_password: { messageId: "auth.error.samePassword", nextStep: "fixInput", field: "newPassword" },
  signup_disabled: { messageId: "auth.error.signupDisabled", nextStep: "contactAdmin" },
  otp_disabled: { messageId: "auth.error.noAccountForEmail", nextStep: "fixInput", field: "email" },
  anonymous_provider_disabled: { messageId: "auth.error.providerDisabled", nextStep: "contactAdmin" },
  email_provider_disabled: { messageId: "auth.error.providerDisabled", nextStep: "contactAdmin" },
  phone_provider_disabled: { messageId: "auth.error.providerDisabled", nextStep: "contactAdmin" },
  provider_disabled: { messageId: "auth.error.providerDisabled", nextStep: "contactAdmin" },
  oauth_provider_not_supported: { messageId: "auth.error.providerDisabled", nextStep: "contactAdmin" },
  saml_provider_disabled: { messageId: "auth.error.providerDisabled", nextStep: "contactAdmin" },
  sso_provider_not_found: { messageId: "auth.error.ssoNotFound", nextStep: "fixInput", field: "email" },
  sso_provider_disabled: { messageId: "auth.error.ssoNotFound", nextStep: "fixInput", field: "email" },
  user_banned: { messageId: "auth.error.userBanned", nextStep: "contactAdmin" },
  email_address_invalid: { messageId: "auth.error.emailInvalid", nextStep: "fixInput", field: "email" },
  email_address_not_authorized: { messageId: "auth.error.emailNotAuthorized", nextStep: "fixInput", field: "email" },
  captcha_failed: { messageId: "auth.error.captchaFailed", nextStep: "retry" },
  otp_expired: { messageId: "auth.error.otpExpired", nextStep: "requestNewLink", field: "code" },
  flow_state_not_found: { messageId: "auth.error.linkInvalid", nextStep: "requestNewLink" },
  flow_state_expired: { messageId: "auth.error.linkInvalid", nextStep: "requestNewLink" },
  flow_state_already_used: { messageId: "auth.error.linkInvalid", nextStep: "requestNewLink" },
  bad_code_verifier: { messageId: "auth.error.linkOtherBrowser", nextStep: "requestNewLink" },
  bad_oauth_state: { messageId: "auth.error.linkInvalid", nextStep: "signIn" },
  bad_oauth_callback: { messageId: "auth.error.linkInvalid", nextStep: "signIn" },
  provider_email_needs_verification: {
    messageId: "auth.error.providerEmailNeedsVerification",
    nextStep: "requestNewLink",
  },
  session_not_found: { messageId: "auth.error.sessionMissing", nextStep: "signIn" },
  session_expired: { messageId: "auth.error.sessionExpired", nextStep: "signIn" },
  refresh_token_not_found: { messageId: "auth.error.sessionExpired", nextStep: "signIn" },
  refresh_token_already_used: { messageId: "auth.error.sessionExpired", nextStep: "signIn" },
  user_not_found: { messageId: "auth.error.sessionMissing", nextStep: "signIn" },
  no_authorization: { messageId: "auth.error.sessionMissing", nextStep: "signIn" },
  reauthentication_needed: { messageId: "auth.error.reauthenticationNeeded", nextStep: "reauthenticate" },
  reauth_nonce_missing: { messageId: "auth.error.reauthenticationNeeded", nextStep: "reauthenticate" },
  reauthentication_not_valid: { messageId: "auth.error.reauthenticationInvalid", nextStep: "fixInput", field: "code" },
  current_password_required: {
    messageId: "auth.error.currentPasswordRequired",
    nextStep: "fixInput",
    field: "password",
  },
  current_password_invalid: { messageId: "auth.error.currentPasswordInvalid", nextStep: "fixInput", field: "password" },
  insufficient_aal: { messageId: "auth.error.insufficientAal", nextStep: "signIn" },
  mfa_verification_failed: { messageId: "auth.error.mfaCodeInvalid", nextStep: "fixInput", field: "code" },
  mfa_challenge_expired: { messageId: "auth.error.mfaChallengeExpired", nextStep: "retry", field: "code" },
  mfa_ip_address_mismatch: { messageId: "auth.error.mfaChallengeExpired", nextStep: "retry", field: "code" },
  mfa_factor_not_found: { messageId: "auth.error.mfaFactorNotFound", nextStep: "retry" },
  mfa_verification_rejected: { messageId: "auth.error.mfaRejected", nextStep: "signIn" },
  mfa_factor_name_conflict: { messageId: "auth.error.mfaNameTaken", nextStep: "fixInput", field: "name" },
  too_many_enrolled_mfa_factors: { messageId: "auth.error.mfaTooMany", nextStep: "contactAdmin" },
  mfa_verified_factor_exists: { messageId: "mfa.error.phoneTaken", nextStep: "fixInput", field: "phone" },
  mfa_totp_enroll_not_enabled: { messageId: "mfa.error.totpOff", nextStep: "contactAdmin" },
  mfa_totp_verify_not_enabled: { messageId: "mfa.error.totpOff", nextStep: "contactAdmin" },
  mfa_phone_enroll_not_enabled: { messageId: "mfa.error.phoneOff", nextStep: "contactAdmin" },
  mfa_phone_verify_not_enabled: { messageId: "mfa.error.phoneOff", nextStep: "contactAdmin" },
  mfa_webauthn_enroll_not_enabled: { messageId: "mfa.error.methodOff", nextStep: "contactAdmin" },
  mfa_webauthn_verify_not_enabled: { messageId: "mfa.error.methodOff", nextStep: "contactAdmin" },
  webauthn_verification_failed: { messageId: "webauthn.error.notAccepted", nextStep: "retry" },
  webauthn_challenge_expired: { messageId: "webauthn.error.expired", nextStep: "retry" },
  webauthn_challenge_not_found: { messageId: "webauthn.error.expired", nextStep: "retry" },
  webauthn_credential_exists: { messageId: "webauthn.error.alreadyRegistered", nextStep: "retry" },
  passkey_disabled: { messageId: "mfa.error.methodOff", nextStep: "contactAdmin" },
  too_many_passkeys: { messageId: "webauthn.error.tooManyPasskeys", nextStep: "contactAdmin" },
  single_identity_not_deletable: { messageId: "auth.error.lastIdentity", nextStep: "fixInput" },
  email_conflict_identity_not_deletable: { messageId: "auth.error.lastIdentity", nextStep: "fixInput" },
  identity_not_found: { messageId: "auth.error.identityNotFound", nextStep: "retry" },
  manual_linking_disabled: { messageId: "identities.error.linkingOff", nextStep: "contactAdmin" },
  user_sso_managed: { messageId: "auth.error.ssoManaged", nextStep: "contactAdmin" },
  sms_send_failed: { messageId: "auth.error.sendFailed", nextStep: "retry" },
  validation_failed: { messageId: "auth.error.validationFailed", nextStep: "fixInput" },
  conflict: { messageId: "auth.error.network", nextStep: "retry" },
  request_timeout: { messageId: "auth.error.network", nextStep: "retry" },
  hook_timeout: { messageId: "auth.error.network", nextStep: "retry" },
  hook_timeout_after_retry: { messageId: "auth.error.network", nextStep: "retry" },
};

const googleIdentityRules: Record<GoogleIdentityFailure, Rule> = {
  scriptFailed: { messageId: "oneTap.error.scriptFailed", nextStep: "retry" },
  // Google's own button stays on the page: the message points there.
  promptNotDisplayed: { messageId: "oneTap.error.promptNotDisplayed", nextStep: "fixInput" },
  noCredential: { messageId: "oneTap.error.noCredential", nextStep: "retry" },
};

const rateLimitCodes = new Set(["over_request_rate_limit", "over_email_send_rate_limit", "over_sms_send_rate_limit"]);

const weakPasswordReasons: Record<string, MessageId> = {
  length: "auth.error.weakPassword.length",
  characters: "auth.error.weakPassword.characters",
  pwned: "auth.error.weakPassword.pwned",
};

/** "For security purposes, you can only request this after 37 seconds." → 37 (GoTrue's wording). */
export function parseRetryAfterSeconds(message: string): number | undefined {
  const match = /after (\d+) seconds?/i.exec(message);
  return match ? Number(match[1]) : undefined;
}

function codeOf(error: unknown): string | undefined {
  if (isAuthError(error) && typeof error.code === "string") return error.code;
  return undefined;
}

/**
 * The one translation from anything supabase-js's auth client can fail with (API errors by
 * `error.code`, the client's own error classes, network failures, a URL carrying an error) to a
 * localized message and a way forward. No raw error text ever reaches the screen.
 *
 * @example
 * const { error } = await supabase.auth.signInWithPassword(form);
 * if (error) setProblem(describeAuthError(error)); // { messageId: "auth.error.invalidCredentials", nextStep: "fixInput", field: "password" }
 */
export function describeAuthError(error: unknown): AuthErrorDescription {
  if (error instanceof GoogleIdentityError) return { ...googleIdentityRules[error.reason] };
  const ceremony = describeWebAuthnFailure(error);
  if (ceremony) return ceremony;
  if (isAuthWeakPasswordError(error)) {
    const details = error.reasons.map((reason) => weakPasswordReasons[reason]).filter((id) => id !== undefined);
    return { messageId: "auth.error.weakPassword", nextStep: "fixInput", field: "newPassword", details };
  }
  if (isAuthSessionMissingError(error)) return { messageId: "auth.error.sessionMissing", nextStep: "signIn" };
  if (isAuthPKCECodeVerifierMissingError(error))
    return { messageId: "auth.error.linkOtherBrowser", nextStep: "requestNewLink" };
  if (isAuthImplicitGrantRedirectError(error)) {
    // A link that came back with `error_code` in its URL: describe that code, as a link problem.
    const urlCode = error.details?.code;
    const rule = urlCode !== undefined ? byCode[urlCode] : undefined;
    if (rule && rule.nextStep !== "fixInput") return { ...rule, field: undefined };
    // The person cancelled or refused at the provider (OAuth `error=access_denied`).
    if (error.details?.error === "access_denied") return { messageId: "identities.error.denied", nextStep: "signIn" };
    return { messageId: "auth.error.linkInvalid", nextStep: "requestNewLink" };
  }
  if (isAuthError(error) && error.name === "AuthPKCEGrantCodeExchangeError") {
    return { messageId: "auth.error.linkInvalid", nextStep: "requestNewLink" };
  }
  // supabase-js counts every 5xx as retryable; 501 means the backend lacks the service altogether.
  if (isAuthRetryableFetchError(error) && error.status === 501)
    return { messageId: "auth.error.unavailable", nextStep: "retry" };
  if (isAuthRetryableFetchError(error) || error instanceof TypeError) {
    return { messageId: "auth.error.network", nextStep: "retry" };
  }

  const code = codeOf(error);
  if (code !== undefined && rateLimitCodes.has(code)) {
    const seconds = isAuthError(error) ? parseRetryAfterSeconds(error.message) : undefined;
    return seconds === undefined
      ? { messageId: "auth.error.rateLimited", nextStep: "wait" }
      : { messageId: "auth.error.rateLimitedFor", values: { seconds }, nextStep: "wait", retryAfterSeconds: seconds };
  }
  if (code === "bad_jwt") {
    // "invalid JWT: … token is expired" versus a signature that does not verify.
    const expired = isAuthError(error) && /expired/i.test(error.message);
    return { messageId: expired ? "auth.error.sessionExpired" : "auth.error.sessionInvalid", nextStep: "signIn" };
  }
  const rule = code !== undefined ? byCode[code] : undefined;
  if (rule) return { ...rule };

  if (isAuthApiError(error) && (error.status === 501 || error.status === 404)) {
    return { messageId: "auth.error.unavailable", nextStep: "retry" };
  }
  if (isAuthApiError(error) && error.status === 429) return { messageId: "auth.error.rateLimited", nextStep: "wait" };
  return { messageId: "auth.error.unknown", nextStep: "retry" };
}
