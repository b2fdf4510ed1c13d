import { useMutation } from "@tanstack/react-query";
import * as z from "zod/mini";
import { getSupabase } from "../../../lib/supabase";

/** The DM of the caller and one teammate (`open_direct_conversation` keeps one per pair), as its channel id. */
export async function openDirectMessage(workspaceId: string, userId: string): Promise<string> {
  const { data, error } = await getSupabase().rpc("open_direct_conversation", {
    workspace_id: workspaceId,
    member_ids: [userId],
  });
  if (error) throw error;
  return z.uuid().parse(data);
}

export function useOpenDirectMessage(workspaceId: string) {
  return useMutation({ mutationFn: (userId: string) => openDirectMessage(workspaceId, userId) });
}
