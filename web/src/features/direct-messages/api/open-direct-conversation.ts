import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { getSupabase } from "../../../lib/supabase";
import { sharedWorkspaceKeys } from "../../../lib/workspace/workspace-keys";

/**
 * Opens the DM of the caller and `memberIds` (2–9 people in all) and returns its channel id: the same
 * people always get the same conversation (`open_direct_conversation` keeps one per set of people).
 */
export async function openDirectConversation(workspaceId: string, memberIds: string[]): Promise<string> {
  const { data, error } = await getSupabase().rpc("open_direct_conversation", {
    workspace_id: workspaceId,
    member_ids: memberIds,
  });
  if (error) throw error;
  return z.uuid().parse(data);
}

export function useOpenDirectConversation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberIds: string[]) => openDirectConversation(workspaceId, memberIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedWorkspaceKeys.directConversations(workspaceId) }),
  });
}
