import { loadSupabase } from "../../../lib/supabase";

/**
 * Creates an account. `true` when the backend wants the email confirmed first (no session yet);
 * `false` when it signed the person in at once (confirmations off).
 */
export async function signUp(input: {
  email: string;
  password: string;
  displayName: string;
  locale: string;
  redirectTo: string;
}): Promise<boolean> {
  const { data, error } = await (
    await loadSupabase()
  ).auth.signUp({
    email: input.email,
    password: input.password,
    options: { emailRedirectTo: input.redirectTo, data: { display_name: input.displayName, locale: input.locale } },
  });
  if (error) throw error;
  return data.session === null;
}
