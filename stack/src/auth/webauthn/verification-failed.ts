import { AuthError, ErrorCode } from "../errors.ts";

/**
 * GoTrue's answer to a credential that does not verify (wrong challenge, origin or RP ID, bad
 * signature, replayed sign count, unknown credential): 400 `webauthn_verification_failed`.
 */
export const verificationFailed = (cause?: unknown, message = "Credential verification failed") =>
  new AuthError(400, ErrorCode.webauthn_verification_failed, message, undefined, cause);

/** Runs a WebAuthn library check, turning whatever it throws into `verificationFailed`. */
export async function verifiedOrRefused<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw verificationFailed(error);
  }
}
