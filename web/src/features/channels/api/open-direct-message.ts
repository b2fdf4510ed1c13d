import { useMutation } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";

/** The DM of the caller and one teammate (`open_direct_conversation` keeps one per pair), as its channel id. */
export async function openDirectMessage(workspaceId: string, userId: string): Promise<string> {
  const { data, error } = await getSupabase().rpc("open_direct_conversation", {
    workspace_id: workspaceId,
    member_ids: [userId],
  });
  if (error) throw error;
  const { parseDirectMessageChannelId } = await import("./direct-message-channel-id");
  return parseDirectMessageChannelId(data);
}

export function useOpenDirectMessage(workspaceId: string) {
  return useMutation({ mutationFn: (userId: string) => openDirectMessage(workspaceId, userId) });
}
