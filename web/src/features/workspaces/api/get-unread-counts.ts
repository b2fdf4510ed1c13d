import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import type { UnreadCount } from "./types";
import { workspaceQueryKeys } from "./workspace-query-keys";

/** Unread and mention counts per channel (`channel_unread_counts`), keyed by channel id. */
export async function getUnreadCounts(workspaceId: string): Promise<Map<string, UnreadCount>> {
  const { data, error } = await getSupabase().rpc("channel_unread_counts", { workspace_id: workspaceId });
  if (error) throw error;
  return new Map((data as UnreadCount[]).map((row) => [row.channel_id, row]));
}

export function useUnreadCounts(workspaceId: string) {
  return useQuery({
    queryKey: workspaceQueryKeys.unreadCounts(workspaceId),
    queryFn: () => getUnreadCounts(workspaceId),
  });
}
