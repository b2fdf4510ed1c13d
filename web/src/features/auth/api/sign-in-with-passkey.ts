import { loadSupabase } from "../../../lib/supabase";

/**
 * Signs in with a passkey: the browser offers the passkeys it holds for this site and the one
 * chosen signs its owner in (supabase-js runs the whole WebAuthn ceremony).
 */
export async function signInWithPasskey(): Promise<void> {
  const { error } = await (await loadSupabase()).auth.signInWithPasskey();
  if (error) throw error;
}
