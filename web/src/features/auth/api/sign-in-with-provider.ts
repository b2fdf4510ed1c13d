import { loadSupabase } from "../../../lib/supabase";

/** Leaves for the provider's sign-in page (PKCE); the callback screen finishes on return. */
export async function signInWithProvider(provider: string, redirectTo: string): Promise<void> {
  const { error } = await (
    await loadSupabase()
  ).auth.signInWithOAuth({ provider: provider as never, options: { redirectTo } });
  if (error) throw error;
}
