import { getSupabase } from "../../../lib/supabase";

/** A random nonce: the provider signs its SHA-256 into the ID token, the backend checks it. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Signs in with a provider's ID token (`POST /token?grant_type=id_token`); SIGNED_IN follows. */
export async function signInWithIdToken(provider: "google", token: string, nonce: string): Promise<void> {
  const { error } = await getSupabase().auth.signInWithIdToken({ provider, token, nonce });
  if (error) throw error;
}
