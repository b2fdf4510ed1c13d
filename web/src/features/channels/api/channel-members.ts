import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";

/** The ids of a channel's joined members (RLS: whoever can read the channel sees who is in it). */
export async function listChannelMemberIds(channelId: string): Promise<string[]> {
  const { data, error } = await getSupabase().from("channel_members").select("user_id").eq("channel_id", channelId);
  if (error) throw error;
  return data.map((row) => row.user_id);
}

export function useChannelMemberIds(channelId: string) {
  return useQuery({
    queryKey: channelQueryKeys.members(channelId),
    queryFn: () => listChannelMemberIds(channelId),
    staleTime: 30_000,
  });
}
