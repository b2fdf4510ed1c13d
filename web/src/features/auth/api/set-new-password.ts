import { loadSupabase } from "../../../lib/supabase";

/** Sets the password of the recovery session the reset link opened. */
export async function setNewPassword(password: string): Promise<void> {
  const { error } = await (await loadSupabase()).auth.updateUser({ password });
  if (error) throw error;
}
