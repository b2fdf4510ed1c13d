import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../../../lib/realtime/join-fresh-channel";
import { sharedWorkspaceKeys } from "../../../lib/workspace/workspace-keys";

/**
 * A DM someone else opens with this person appears in their sidebar at once: a new channel of the
 * workspace reloads the DM list. RLS decides which new channels arrive (a DM only to its people).
 */
export function useDirectConversationsRealtime(workspaceId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: sharedWorkspaceKeys.directConversations(workspaceId) });
    return joinFreshChannel(`sidebar-direct:${workspaceId}`, { config: {} }, (channel) =>
      channel
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "channels", filter: `workspace_id=eq.${workspaceId}` },
          refresh,
        )
        .subscribe(),
    );
  }, [queryClient, workspaceId]);
}
