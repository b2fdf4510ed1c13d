import { loadSupabase } from "../../../lib/supabase";

/** Signs in with the code from a sign-in or sign-up email (`type: "email"` accepts both). */
export async function verifyEmailCode(email: string, token: string): Promise<void> {
  const { error } = await (await loadSupabase()).auth.verifyOtp({ email, token, type: "email" });
  if (error) throw error;
}
