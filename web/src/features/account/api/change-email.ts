import { getSupabase } from "../../../lib/supabase";

/**
 * Asks to change the email: the backend mails the new address (and the current one, with
 * double confirmation) and reports `new_email` until it is confirmed.
 */
export async function changeEmail(email: string, redirectTo: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ email }, { emailRedirectTo: redirectTo });
  if (error) throw error;
}
