import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";
import type { Channel } from "./types";

export type ConversationName = Pick<Channel, "id" | "workspace_id" | "name" | "kind">;

/** The conversations of one workspace among `ids` that the caller may read, by id. */
export async function conversationsById(
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, ConversationName>> {
  if (ids.length === 0) return new Map();
  const { data, error } = await getSupabase()
    .from("channels")
    .select("id, workspace_id, name, kind")
    .eq("workspace_id", workspaceId)
    .in("id", [...ids]);
  if (error) throw error;
  return new Map((data as ConversationName[]).map((conversation) => [conversation.id, conversation]));
}

export function useConversationsById(workspaceId: string, ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: channelQueryKeys.conversations(workspaceId, sorted),
    queryFn: () => conversationsById(workspaceId, sorted),
    // Removing an item changes the ids: keep showing the names meanwhile.
    placeholderData: keepPreviousData,
  });
}
