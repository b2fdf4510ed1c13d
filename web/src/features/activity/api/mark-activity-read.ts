import { useMutation, useQueryClient } from "@tanstack/react-query";
import { activityKeys } from "../../../lib/activity/activity-keys";
import { getSupabase } from "../../../lib/supabase";

/** Marks one item of the caller's inbox read (opening it does). */
async function markItemRead(id: string): Promise<void> {
  const { error } = await getSupabase().from("activity").update({ read_at: new Date().toISOString() }).eq("id", id);
  if (error) throw error;
}

/** Marks every unread item of the caller's inbox in the workspace read. */
async function markAllRead(workspaceId: string): Promise<void> {
  const { error } = await getSupabase().rpc("mark_all_activity_read", { workspace_id: workspaceId });
  if (error) throw error;
}

export function useMarkActivityRead(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: activityKeys.all(workspaceId) });
  return {
    item: useMutation({ mutationFn: markItemRead, onSettled: refresh }),
    all: useMutation({ mutationFn: () => markAllRead(workspaceId), onSettled: refresh }),
  };
}
