import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../realtime/join-fresh-channel";
import { getSupabase } from "../supabase";
import { activityKeys } from "./activity-keys";

/** How many items of the caller's inbox in a workspace are unread (RLS: only their own rows). */
async function countUnread(workspaceId: string): Promise<number> {
  const { count, error } = await getSupabase()
    .from("activity")
    .select("id", { count: "exact", head: true })
    .eq("workspace_id", workspaceId)
    .is("read_at", null);
  if (error) throw error;
  return count ?? 0;
}

/**
 * The unread count of the caller's activity inbox, kept live: any change to their rows (a new item,
 * one read, one gone) refreshes the inbox's queries. Deletes carry only an id, so they are heard
 * unfiltered; RLS decides which inserts and updates arrive.
 */
export function useActivityUnread(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!workspaceId || !userId) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: activityKeys.all(workspaceId) });
    return joinFreshChannel(`activity:${workspaceId}`, { config: {} }, (channel) =>
      channel
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "activity", filter: `user_id=eq.${userId}` },
          refresh,
        )
        .on(
          "postgres_changes",
          { event: "UPDATE", schema: "public", table: "activity", filter: `user_id=eq.${userId}` },
          refresh,
        )
        .on("postgres_changes", { event: "DELETE", schema: "public", table: "activity" }, refresh)
        .subscribe(),
    );
  }, [queryClient, workspaceId, userId]);
  return useQuery({
    queryKey: activityKeys.unread(workspaceId),
    queryFn: () => countUnread(workspaceId),
    enabled: Boolean(workspaceId),
  });
}
