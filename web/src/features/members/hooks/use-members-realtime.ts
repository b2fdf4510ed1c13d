import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../../../lib/realtime/join-fresh-channel";
import { sharedWorkspaceKeys } from "../../../lib/workspace/workspace-keys";
import type { WorkspaceMember } from "../../../lib/workspace/workspace-members";
import { membersQueryKeys } from "../api/members-keys";

/**
 * Keeps the members page current: someone joining (an accepted invitation), leaving or changing
 * role reloads the members, and the invitations, since a join consumes one. RLS decides which
 * joins and role changes arrive. A leave arrives to every subscriber with the membership's id only
 * and matches no workspace filter (so that it tells strangers nothing), hence every delete is heard
 * and reloads the page when the id is one of the members it shows.
 */
export function useMembersRealtime(workspaceId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const membersKey = sharedWorkspaceKeys.members(workspaceId);
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: membersKey });
      void queryClient.invalidateQueries({ queryKey: membersQueryKeys.invitations(workspaceId) });
    };
    const refreshIfShown = ({ old }: { old: { id?: string } }) => {
      const members = queryClient.getQueryData<WorkspaceMember[]>(membersKey);
      if (members?.some((member) => member.membershipId === old.id)) refresh();
    };
    return joinFreshChannel(`members-page:${workspaceId}`, { config: {} }, (channel) =>
      channel
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "workspace_members", filter: `workspace_id=eq.${workspaceId}` },
          refresh,
        )
        .on(
          "postgres_changes",
          { event: "UPDATE", schema: "public", table: "workspace_members", filter: `workspace_id=eq.${workspaceId}` },
          refresh,
        )
        .on("postgres_changes", { event: "DELETE", schema: "public", table: "workspace_members" }, refreshIfShown)
        // Changes made before the subscription was live (or while it was reconnecting) are read once it is.
        .subscribe((status) => {
          if (status === "SUBSCRIBED") refresh();
        }),
    );
  }, [queryClient, workspaceId]);
}
