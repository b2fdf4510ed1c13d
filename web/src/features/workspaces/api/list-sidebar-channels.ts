import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import type { SidebarChannel } from "./types";
import { workspaceQueryKeys } from "./workspace-query-keys";

/**
 * The channels a person talks in: every public channel, and the private ones they belong to
 * (archived ones too: the sidebar lists them apart). DMs are listed on their own (lib/workspace/direct-conversations). Admins may read other private channels' names; the sidebar leaves
 * those out (a display
 * choice — the database already decides what can be read).
 */
export async function listSidebarChannels(workspaceId: string, userId: string): Promise<SidebarChannel[]> {
  const client = getSupabase();
  const [channels, memberships] = await Promise.all([
    client
      .from("channels")
      .select("id, name, is_private, archived_at")
      .eq("workspace_id", workspaceId)
      .eq("kind", "channel")
      .order("name"),
    client.from("channel_members").select("channel_id").eq("user_id", userId),
  ]);
  if (channels.error) throw channels.error;
  if (memberships.error) throw memberships.error;
  const mine = new Set((memberships.data as { channel_id: string }[]).map((row) => row.channel_id));
  return (channels.data as SidebarChannel[]).filter((channel) => !channel.is_private || mine.has(channel.id));
}

export function useSidebarChannels(workspaceId: string, userId: string) {
  return useQuery({
    queryKey: workspaceQueryKeys.channels(workspaceId),
    queryFn: () => listSidebarChannels(workspaceId, userId),
  });
}
