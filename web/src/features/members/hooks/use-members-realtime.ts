import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../../../lib/realtime/join-fresh-channel";
import { sharedWorkspaceKeys } from "../../../lib/workspace/workspace-keys";
import { membersQueryKeys } from "../api/members-keys";

/**
 * Keeps the members page current: someone joining (an accepted invitation), leaving or changing
 * role reloads the members, and the invitations, since a join consumes one. RLS decides which
 * changes arrive.
 */
export function useMembersRealtime(workspaceId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: sharedWorkspaceKeys.members(workspaceId) });
      void queryClient.invalidateQueries({ queryKey: membersQueryKeys.invitations(workspaceId) });
    };
    return joinFreshChannel(`members-page:${workspaceId}`, { config: {} }, (channel) =>
      channel
        .on("postgres_changes", { event: "*", schema: "public", table: "workspace_members", filter: `workspace_id=eq.${workspaceId}` }, refresh)
        // Changes made before the subscription was live (or while it was reconnecting) are read once it is.
        .subscribe((status) => {
          if (status === "SUBSCRIBED") refresh();
        }),
    );
  }, [queryClient, workspaceId]);
}
