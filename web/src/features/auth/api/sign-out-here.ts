import { loadSupabase } from "../../../lib/supabase";

/** Ends this browser's session only (the MFA step's "use another account"); SIGNED_OUT follows. */
export async function signOutHere(): Promise<void> {
  const { error } = await (await loadSupabase()).auth.signOut({ scope: "local" });
  if (error) throw error;
}
