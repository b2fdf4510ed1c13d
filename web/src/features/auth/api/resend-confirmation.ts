import { loadSupabase } from "../../../lib/supabase";

/** Sends the sign-up confirmation email again (silently nothing if there is nothing to confirm). */
export async function resendConfirmation(email: string, redirectTo: string): Promise<void> {
  const { error } = await (
    await loadSupabase()
  ).auth.resend({
    type: "signup",
    email,
    options: { emailRedirectTo: redirectTo },
  });
  if (error) throw error;
}
