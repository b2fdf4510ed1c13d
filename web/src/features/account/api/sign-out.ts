import { loadSupabase } from "../../../lib/supabase";

/**
 * Ends sessions: `others` keeps this device signed in, `global` ends every session including
 * this one, `local` only this one. SIGNED_OUT (for `global`/`local`) then leaves for sign-in.
 */
export async function signOut(scope: "global" | "local" | "others"): Promise<void> {
  const { error } = await (await loadSupabase()).auth.signOut({ scope });
  if (error) throw error;
}
