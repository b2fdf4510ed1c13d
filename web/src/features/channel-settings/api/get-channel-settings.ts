import { useQuery } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { getSupabase } from "../../../lib/supabase";
import { channelSettingsKeys } from "./channel-settings-keys";

const channelSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  topic: z.string(),
  is_private: z.boolean(),
  archived_at: z.nullable(z.string()),
  created_by: z.nullable(z.string()),
  /** Who may write @channel and @here: anyone who may post, or workspace admins only. */
  broadcast_mentions: z.enum(["members", "admins"]),
});
export type ChannelSettings = z.infer<typeof channelSchema>;

/** A channel's editable settings; `null` when it does not exist or the caller may not see it. */
export async function getChannelSettings(channelId: string): Promise<ChannelSettings | null> {
  const { data, error } = await getSupabase()
    .from("channels")
    .select("id, workspace_id, name, topic, is_private, archived_at, created_by, broadcast_mentions")
    .eq("id", channelId)
    .maybeSingle();
  if (error) throw error;
  return data === null ? null : channelSchema.parse(data);
}

export function useChannelSettings(channelId: string) {
  return useQuery({ queryKey: channelSettingsKeys.channel(channelId), queryFn: () => getChannelSettings(channelId) });
}
