/**
 * The auth service's one error vocabulary: GoTrue's error codes (auth: internal/api/apierrors/errorcode.go),
 * factories for the errors this service raises, and the error class the routes throw.
 */
export const ErrorCode = {
  unexpected_failure: "unexpected_failure",
  validation_failed: "validation_failed",
  bad_json: "bad_json",
  request_entity_too_large: "request_entity_too_large",
  email_exists: "email_exists",
  phone_exists: "phone_exists",
  user_already_exists: "user_already_exists",
  bad_jwt: "bad_jwt",
  not_admin: "not_admin",
  no_authorization: "no_authorization",
  user_not_found: "user_not_found",
  session_not_found: "session_not_found",
  session_expired: "session_expired",
  refresh_token_not_found: "refresh_token_not_found",
  refresh_token_already_used: "refresh_token_already_used",
  flow_state_not_found: "flow_state_not_found",
  flow_state_expired: "flow_state_expired",
  bad_code_verifier: "bad_code_verifier",
  signup_disabled: "signup_disabled",
  anonymous_provider_disabled: "anonymous_provider_disabled",
  otp_disabled: "otp_disabled",
  email_provider_disabled: "email_provider_disabled",
  phone_provider_disabled: "phone_provider_disabled",
  user_banned: "user_banned",
  email_not_confirmed: "email_not_confirmed",
  phone_not_confirmed: "phone_not_confirmed",
  invalid_credentials: "invalid_credentials",
  weak_password: "weak_password",
  same_password: "same_password",
  current_password_required: "current_password_required",
  current_password_invalid: "current_password_invalid",
  reauthentication_needed: "reauthentication_needed",
  reauthentication_not_valid: "reauthentication_not_valid",
  otp_expired: "otp_expired",
  over_request_rate_limit: "over_request_rate_limit",
  over_email_send_rate_limit: "over_email_send_rate_limit",
  over_sms_send_rate_limit: "over_sms_send_rate_limit",
  sms_send_failed: "sms_send_failed",
  insufficient_aal: "insufficient_aal",
  user_sso_managed: "user_sso_managed",
  conflict: "conflict",
  feature_disabled: "feature_disabled",
  oauth_client_not_found: "oauth_client_not_found",
  oauth_authorization_not_found: "oauth_authorization_not_found",
  oauth_dynamic_client_registration_disabled: "oauth_dynamic_client_registration_disabled",
  saml_provider_disabled: "saml_provider_disabled",
  sso_provider_not_found: "sso_provider_not_found",
  sso_provider_disabled: "sso_provider_disabled",
  saml_idp_not_found: "saml_idp_not_found",
  saml_relay_state_not_found: "saml_relay_state_not_found",
  saml_relay_state_expired: "saml_relay_state_expired",
  saml_idp_already_exists: "saml_idp_already_exists",
  saml_assertion_no_user_id: "saml_assertion_no_user_id",
  saml_assertion_no_email: "saml_assertion_no_email",
  saml_metadata_fetch_failed: "saml_metadata_fetch_failed",
  sso_domain_already_exists: "sso_domain_already_exists",
  saml_entity_id_mismatch: "saml_entity_id_mismatch",
  flow_state_already_used: "flow_state_already_used",
  manual_linking_disabled: "manual_linking_disabled",
  provider_disabled: "provider_disabled",
  not_found: "not_found",
  passkey_disabled: "passkey_disabled",
  too_many_passkeys: "too_many_passkeys",
  webauthn_credential_not_found: "webauthn_credential_not_found",
  webauthn_challenge_not_found: "webauthn_challenge_not_found",
  webauthn_challenge_expired: "webauthn_challenge_expired",
  webauthn_verification_failed: "webauthn_verification_failed",
  webauthn_credential_exists: "webauthn_credential_exists",
  mfa_factor_not_found: "mfa_factor_not_found",
  hook_timeout: "hook_timeout",
  web3_provider_disabled: "web3_provider_disabled",
  mfa_totp_enroll_not_enabled: "mfa_totp_enroll_not_enabled",
  mfa_phone_enroll_not_enabled: "mfa_phone_enroll_not_enabled",
  mfa_webauthn_enroll_not_enabled: "mfa_webauthn_enroll_not_enabled",
  mfa_totp_verify_not_enabled: "mfa_totp_verify_not_enabled",
  mfa_phone_verify_not_enabled: "mfa_phone_verify_not_enabled",
  mfa_webauthn_verify_not_enabled: "mfa_webauthn_verify_not_enabled",
  mfa_factor_name_conflict: "mfa_factor_name_conflict",
  too_many_enrolled_mfa_factors: "too_many_enrolled_mfa_factors",
  mfa_verified_factor_exists: "mfa_verified_factor_exists",
  mfa_ip_address_mismatch: "mfa_ip_address_mismatch",
  mfa_challenge_expired: "mfa_challenge_expired",
  mfa_verification_failed: "mfa_verification_failed",
  // OAuth providers and identities (auth: apierrors/errorcode.go)
  bad_oauth_state: "bad_oauth_state",
  bad_oauth_callback: "bad_oauth_callback",
  oauth_provider_not_supported: "oauth_provider_not_supported",
  provider_email_needs_verification: "provider_email_needs_verification",
  identity_already_exists: "identity_already_exists",
  identity_not_found: "identity_not_found",
  single_identity_not_deletable: "single_identity_not_deletable",
  email_conflict_identity_not_deletable: "email_conflict_identity_not_deletable",
  unexpected_audience: "unexpected_audience",
  invite_not_found: "invite_not_found",
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An error answered in GoTrue's shape: status, `error_code`, message (plus weak-password reasons). */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly reasons?: string[],
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "AuthError";
  }
}

const make = (status: number) => (code: ErrorCode, message: string) => new AuthError(status, code, message);
export const badRequest = make(400);
export const unauthorized = make(401);
export const forbidden = make(403);
export const notFound = make(404);
export const conflict = make(409);
export const unprocessable = make(422);
export const tooManyRequests = make(429);
export const internal = (message = "Unexpected failure") => new AuthError(500, ErrorCode.unexpected_failure, message);

export const validation = (message: string, status = 400) =>
  new AuthError(status, ErrorCode.validation_failed, message);
export const invalidCredentials = () => badRequest(ErrorCode.invalid_credentials, "Invalid login credentials");
export const weakPassword = (message: string, reasons: string[]) =>
  new AuthError(422, ErrorCode.weak_password, message, reasons);
export const signupDisabled = () => unprocessable(ErrorCode.signup_disabled, "Signups not allowed for this instance");
export const userBanned = (status = 400) => new AuthError(status, ErrorCode.user_banned, "User is banned");
export const otpExpired = (viaLink: boolean) =>
  forbidden(
    ErrorCode.otp_expired,
    viaLink ? "Email link is invalid or has expired" : "Token has expired or is invalid",
  );
export const emailExists = () =>
  unprocessable(ErrorCode.email_exists, "A user with this email address has already been registered");
export const phoneExists = () =>
  unprocessable(ErrorCode.phone_exists, "A user with this phone number has already been registered");
export const notAdmin = () => forbidden(ErrorCode.not_admin, "User not allowed");
export const sendTooSoon = (code: ErrorCode, seconds: number) =>
  tooManyRequests(code, `For security purposes, you can only request this after ${seconds} seconds.`);
export const emailRateLimit = () => tooManyRequests(ErrorCode.over_email_send_rate_limit, "email rate limit exceeded");
export const requestRateLimit = () => tooManyRequests(ErrorCode.over_request_rate_limit, "Request rate limit reached");
