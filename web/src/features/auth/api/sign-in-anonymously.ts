import { loadSupabase } from "../../../lib/supabase";

/** "Try it": a guest session, offered only when the backend enables anonymous sign-ins. */
export async function signInAnonymously(): Promise<void> {
  const { error } = await (await loadSupabase()).auth.signInAnonymously();
  if (error) throw error;
}
