import { getSupabase } from "../../../lib/supabase";

/**
 * Emails an existing account a one-time sign-in link, and the same secret as a code for
 * templates that include `{{ .Token }}`. Never creates an account (`otp_disabled` if none).
 */
export async function sendEmailSignIn(email: string, redirectTo: string): Promise<void> {
  const { error } = await getSupabase().auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: redirectTo } });
  if (error) throw error;
}
