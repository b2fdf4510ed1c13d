import { loadSupabase } from "../../../lib/supabase";

/** Emails a password-reset link; the backend answers the same whether or not the account exists. */
export async function requestPasswordReset(email: string, redirectTo: string): Promise<void> {
  const { error } = await (await loadSupabase()).auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
}
