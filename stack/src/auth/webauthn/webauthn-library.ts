import type * as SimpleWebAuthn from "@simplewebauthn/server";

let loading: Promise<typeof SimpleWebAuthn> | undefined;

/**
 * @simplewebauthn/server, imported with the first passkey or WebAuthn MFA ceremony instead of at
 * start: with its ASN.1 and X.509 libraries it is the largest part of auth's code (~30 MiB, ~1 s of CPU).
 * @example const { verifyRegistrationResponse } = await webauthnLibrary();
 */
export function webauthnLibrary(): Promise<typeof SimpleWebAuthn> {
  return (loading ??= import("@simplewebauthn/server"));
}
