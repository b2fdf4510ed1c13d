import { getSupabase } from "../../../lib/supabase";

/** Marks the inbox item a clicked notification was about read, as opening it from the inbox does (RLS: own rows only). */
export async function markAnnouncedRead(activityId: string): Promise<void> {
  const { error } = await getSupabase()
    .from("activity")
    .update({ read_at: new Date().toISOString() })
    .eq("id", activityId);
  if (error) throw error;
}
