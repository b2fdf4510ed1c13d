import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";
import type { Channel } from "./types";

/** One channel; `null` when it does not exist or the caller may not read it. */
export async function getChannel(channelId: string): Promise<Channel | null> {
  const { data, error } = await getSupabase()
    .from("channels")
    .select("id, workspace_id, name, topic, is_private, archived_at, kind")
    .eq("id", channelId)
    .maybeSingle();
  if (error) throw error;
  return data as Channel | null;
}

export function useChannel(channelId: string) {
  return useQuery({ queryKey: channelQueryKeys.detail(channelId), queryFn: () => getChannel(channelId) });
}
