import { loadSupabase } from "../../../lib/supabase";

/** Signs in with email and password; SIGNED_IN then moves the person on. Throws the auth error. */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { error } = await (await loadSupabase()).auth.signInWithPassword({ email, password });
  if (error) throw error;
}
