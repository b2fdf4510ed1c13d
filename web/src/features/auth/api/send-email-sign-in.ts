import { isAuthApiError } from "@supabase/auth-js";
import { loadSupabase } from "../../../lib/supabase";

/**
 * Emails an existing account a one-time sign-in link, and the same secret as a code for
 * templates that include `{{ .Token }}`. Never creates an account. GoTrue answers `otp_disabled`
 * when no account has that address; the app treats it as sent, so the sign-in screen never tells
 * whether an account exists (no user enumeration), as the recovery screen already does.
 */
export async function sendEmailSignIn(email: string, redirectTo: string): Promise<void> {
  const { error } = await (
    await loadSupabase()
  ).auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  });
  if (error && !(isAuthApiError(error) && error.code === "otp_disabled")) throw error;
}
