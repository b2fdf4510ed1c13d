import type { MessageId } from "../i18n/messages";

/** How a failed browser ceremony is explained, in the shape `describeAuthError` answers. */
export type WebAuthnFailure = {
  messageId: MessageId;
  nextStep: "retry" | "contactAdmin";
};

/**
 * supabase-js wraps what `navigator.credentials` threw in its own `WebAuthnError` (not an
 * AuthError, and not exported from the package), marked by `__isWebAuthnError` — the same test
 * its `isWebAuthnError` makes. `name` is the DOMException's name, `code` supabase-js's reading of it.
 */
function webAuthnErrorOf(error: unknown): { name: string; code: string } | undefined {
  if (typeof error !== "object" || error === null || !("__isWebAuthnError" in error)) return undefined;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return { name: typeof name === "string" ? name : "", code: typeof code === "string" ? code : "" };
}

/**
 * A WebAuthn ceremony that the browser or the authenticator ended, as a message and a way forward:
 * - cancelled or timed out (`NotAllowedError`, `AbortError`): try again;
 * - the page's address is not the relying party the server names (`SecurityError`, e.g. the app
 *   opened on 127.0.0.1 while the RP ID is localhost): open it at its proper address;
 * - the key is already registered (`InvalidStateError`): use another key;
 * - anything else the authenticator reports: try again.
 * Returns undefined for errors that did not come from a ceremony.
 *
 * @example describeWebAuthnFailure(error) ?? describeOtherError(error)
 */
export function describeWebAuthnFailure(error: unknown): WebAuthnFailure | undefined {
  const failure = webAuthnErrorOf(error);
  if (!failure) return undefined;
  if (failure.code === "ERROR_CEREMONY_ABORTED" || failure.name === "NotAllowedError" || failure.name === "AbortError")
    return { messageId: "webauthn.error.cancelled", nextStep: "retry" };
  if (
    failure.code === "ERROR_INVALID_DOMAIN" ||
    failure.code === "ERROR_INVALID_RP_ID" ||
    failure.name === "SecurityError"
  )
    return { messageId: "webauthn.error.wrongAddress", nextStep: "contactAdmin" };
  if (failure.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return { messageId: "webauthn.error.alreadyRegistered", nextStep: "retry" };
  return { messageId: "webauthn.error.failed", nextStep: "retry" };
}
