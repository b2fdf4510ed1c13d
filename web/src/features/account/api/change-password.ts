import { getSupabase } from "../../../lib/supabase";

/**
 * Changes the password; `nonce` is the emailed reauthentication code, needed when the backend
 * asks for it (`reauthentication_needed`). The backend then ends every other session.
 */
export async function changePassword(password: string, nonce?: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser(nonce ? { password, nonce } : { password });
  if (error) throw error;
}
