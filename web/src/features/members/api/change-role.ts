import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { sharedWorkspaceKeys } from "../../../lib/workspace/workspace-keys";
import type { WorkspaceRole } from "../../../lib/workspace/workspace-members";
import { assertMemberChanged } from "./member-change-error";

/** Changes a member's role. RLS allows admins (only owners grant `owner`); a trigger keeps one owner. */
export async function changeRole(input: { workspaceId: string; userId: string; role: WorkspaceRole }): Promise<void> {
  assertMemberChanged(
    await getSupabase()
      .from("workspace_members")
      .update({ role: input.role })
      .eq("workspace_id", input.workspaceId)
      .eq("user_id", input.userId)
      .select("user_id"),
  );
}

export function useChangeRole(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; role: WorkspaceRole }) => changeRole({ workspaceId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedWorkspaceKeys.members(workspaceId) }),
  });
}
