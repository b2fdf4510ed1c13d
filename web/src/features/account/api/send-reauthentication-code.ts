import { getSupabase } from "../../../lib/supabase";

/** Emails a one-time code that proves it is really the person changing their password. */
export async function sendReauthenticationCode(): Promise<void> {
  const { error } = await getSupabase().auth.reauthenticate();
  if (error) throw error;
}
