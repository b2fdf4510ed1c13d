import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { z } from "../../../lib/zod-mini";
import { channelQueryKeys } from "./channel-query-keys";

/** How many of the newest matches the header search lists (the Search page pages through more). */
export const conversationSearchLimit = 20;

const hitSchema = z.object({
  id: z.string(),
  author_id: z.nullable(z.string()),
  thread_parent_id: z.nullable(z.string()),
  created_at: z.string(),
  body: z.string(),
});
export type ConversationHit = z.infer<typeof hitSchema>;

/** The newest messages of one conversation matching `query` (`search_messages` with its channel filter; RLS decides). */
export async function searchConversation(workspaceId: string, channelId: string, query: string) {
  const { data, error } = await getSupabase().rpc("search_messages", {
    workspace_id: workspaceId,
    query,
    channel_id: channelId,
    max_results: conversationSearchLimit,
  });
  if (error) throw error;
  return z.array(hitSchema).parse(data);
}

/** The header search's results; idle until there is a query. */
export function useConversationSearch(workspaceId: string, channelId: string, query: string) {
  return useQuery({
    queryKey: channelQueryKeys.search(channelId, query),
    queryFn: () => searchConversation(workspaceId, channelId, query),
    enabled: query.trim() !== "",
  });
}
