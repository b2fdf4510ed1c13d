import { getSupabase } from "../../../lib/supabase";

/** Moves the caller's read marker to the conversation's newest message (`mark_channel_read`; only forward). */
export async function markConversationRead(channelId: string): Promise<void> {
  const { error } = await getSupabase().rpc("mark_channel_read", { channel_id: channelId });
  if (error) throw error;
}
