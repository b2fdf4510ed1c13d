import { getSupabase } from "../../../lib/supabase";

/**
 * The channels of a workspace with unread messages for the caller (`channel_unread_counts`), asked fresh each time:
 * "next unread" must not jump to a conversation read a moment ago on another device.
 */
export async function listUnreadChannelIds(workspaceId: string): Promise<Set<string>> {
  const { data, error } = await getSupabase().rpc("channel_unread_counts", { workspace_id: workspaceId });
  if (error) throw error;
  return new Set(data.filter((row) => row.unread_count > 0).map((row) => row.channel_id));
}
