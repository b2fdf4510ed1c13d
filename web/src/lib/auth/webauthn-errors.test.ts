import { AuthApiError } from "@supabase/supabase-js";
import { expect, it } from "vitest";
import { describeAuthError } from "./auth-errors";

/** What supabase-js hands back when `navigator.credentials` threw: its WebAuthnError, marked and named after the DOMException. */
function ceremonyError(name: string, code: string): Error {
  return Object.assign(new Error("raw browser text"), { __isWebAuthnError: true, name, code });
}

it.each([
  [
    "the person cancelled or let it time out",
    "NotAllowedError",
    "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY",
    "webauthn.error.cancelled",
    "retry",
  ],
  ["another ceremony took over", "AbortError", "ERROR_CEREMONY_ABORTED", "webauthn.error.cancelled", "retry"],
  [
    "the address is not the relying party's",
    "SecurityError",
    "ERROR_INVALID_RP_ID",
    "webauthn.error.wrongAddress",
    "contactAdmin",
  ],
  [
    "the address is an IP address",
    "SecurityError",
    "ERROR_INVALID_DOMAIN",
    "webauthn.error.wrongAddress",
    "contactAdmin",
  ],
  [
    "the key is registered already",
    "InvalidStateError",
    "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
    "webauthn.error.alreadyRegistered",
    "retry",
  ],
  [
    "the authenticator failed otherwise",
    "UnknownError",
    "ERROR_AUTHENTICATOR_GENERAL_ERROR",
    "webauthn.error.failed",
    "retry",
  ],
])("explains a ceremony that ended because %s", (_why, name, code, messageId, nextStep) => {
  expect(describeAuthError(ceremonyError(name, code))).toEqual({ messageId, nextStep });
});

it.each([
  ["webauthn_verification_failed", 400, "webauthn.error.notAccepted", "retry"],
  ["webauthn_challenge_expired", 400, "webauthn.error.expired", "retry"],
  ["webauthn_challenge_not_found", 400, "webauthn.error.expired", "retry"],
  ["webauthn_credential_exists", 422, "webauthn.error.alreadyRegistered", "retry"],
  ["too_many_passkeys", 422, "webauthn.error.tooManyPasskeys", "contactAdmin"],
  ["passkey_disabled", 404, "mfa.error.methodOff", "contactAdmin"],
  ["mfa_webauthn_verify_not_enabled", 422, "mfa.error.methodOff", "contactAdmin"],
])("maps the API code %s to its message and next step", (code, status, messageId, nextStep) => {
  expect(describeAuthError(new AuthApiError("raw server text", status, code))).toMatchObject({ messageId, nextStep });
});

it("leaves ordinary errors to the other rules", () => {
  expect(describeAuthError(Object.assign(new Error("x"), { name: "NotAllowedError" })).messageId).toBe(
    "auth.error.unknown",
  );
});
