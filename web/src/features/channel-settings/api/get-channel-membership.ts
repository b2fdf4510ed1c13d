import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelSettingsKeys } from "./channel-settings-keys";

/**
 * Whether the user is a member of the channel (for a private channel: one of the people in it).
 * Admins see who is in every channel, so this answers for them too; RLS decides.
 */
export async function getChannelMembership(channelId: string, userId: string): Promise<boolean> {
  const { data, error } = await getSupabase()
    .from("channel_members")
    .select("channel_id")
    .eq("channel_id", channelId)
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw error;
  return data !== null;
}

export function useChannelMembership(channelId: string, userId: string) {
  return useQuery({
    queryKey: channelSettingsKeys.membership(channelId, userId),
    queryFn: () => getChannelMembership(channelId, userId),
  });
}
