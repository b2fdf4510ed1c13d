import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { membersQueryKeys } from "./members-keys";

/** Revokes an open invitation (admins; RLS decides): its link stops working. */
export async function revokeInvitation(invitationId: string): Promise<void> {
  const { data, error } = await getSupabase().from("invitations").delete().eq("id", invitationId).select("id");
  if (error) throw error;
  if (data.length === 0) throw new Error("invitation not revoked");
}

export function useRevokeInvitation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKeys.invitations(workspaceId) }),
  });
}
