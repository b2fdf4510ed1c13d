import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../../../lib/realtime/join-fresh-channel";
import { workspaceQueryKeys } from "../api/workspace-query-keys";

/**
 * Keeps the sidebar's unread counts current: a new message in the workspace or a moved read marker
 * (this person reading in any tab) refetches them. RLS decides which changes arrive.
 */
export function useUnreadRealtime(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: workspaceQueryKeys.unreadCounts(workspaceId) });
    return joinFreshChannel(`sidebar:${workspaceId}`, { config: {} }, (channel) =>
      channel
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "messages", filter: `workspace_id=eq.${workspaceId}` },
          refresh,
        )
        .on(
          "postgres_changes",
          { event: "*", schema: "public", table: "read_markers", filter: `user_id=eq.${userId}` },
          refresh,
        )
        .subscribe(),
    );
  }, [queryClient, workspaceId, userId]);
}
