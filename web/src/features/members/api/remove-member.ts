import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { sharedWorkspaceKeys } from "../../../lib/workspace/workspace-keys";
import { assertMemberChanged } from "./member-change-error";

/** Removes someone from the workspace (admins; RLS decides). The last owner cannot be removed. */
export async function removeMember(input: { workspaceId: string; userId: string }): Promise<void> {
  assertMemberChanged(
    await getSupabase()
      .from("workspace_members")
      .delete()
      .eq("workspace_id", input.workspaceId)
      .eq("user_id", input.userId)
      .select("user_id"),
  );
}

export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember({ workspaceId, userId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedWorkspaceKeys.members(workspaceId) }),
  });
}
