import { loadSupabase } from "../../../lib/supabase";

/** A random nonce: the provider signs its SHA-256 into the ID token, the backend checks it. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The SHA-256 of `nonce`, lower-case hex: what the provider is given (and signs into the ID
 * token's `nonce` claim) while the raw nonce goes to `signInWithIdToken`, which GoTrue hashes the
 * same way to compare.
 *
 * @example await hashNonce("abc") // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export async function hashNonce(nonce: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(nonce));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Signs in with a provider's ID token (`POST /token?grant_type=id_token`); SIGNED_IN follows. */
export async function signInWithIdToken(provider: "google", token: string, nonce: string): Promise<void> {
  const { error } = await (await loadSupabase()).auth.signInWithIdToken({ provider, token, nonce });
  if (error) throw error;
}
