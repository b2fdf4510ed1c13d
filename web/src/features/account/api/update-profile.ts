import { getSupabase } from "../../../lib/supabase";

/** Saves the display name and preferred language in `user_metadata` (USER_UPDATED follows). */
export async function updateProfile(profile: { displayName: string; locale: string }): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({
    data: { display_name: profile.displayName, locale: profile.locale },
  });
  if (error) throw error;
}
