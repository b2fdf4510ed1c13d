/**
 * Whether this browser can run a WebAuthn ceremony (security keys, passkeys) at all: it must
 * have the Web Authentication API and be on a secure page (https, or http on localhost).
 * supabase-js would fail later with a generic error; screens ask first and explain instead.
 *
 * @example if (!browserSupportsWebAuthn()) return <p>{t("webauthn.unsupported")}</p>;
 */
export function browserSupportsWebAuthn(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === "function" &&
    typeof navigator.credentials?.create === "function"
  );
}
