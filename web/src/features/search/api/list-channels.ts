import { useQuery } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { getSupabase } from "../../../lib/supabase";
import { searchQueryKeys } from "./search-keys";

const channelSchema = z.object({ id: z.string(), name: z.string() });
export type SearchChannel = z.infer<typeof channelSchema>;

/** Named channels the caller can read in a workspace (RLS), archived ones included: their history is searchable. DMs are
 * named by their people (lib/workspace/direct-conversations). */
export async function listSearchChannels(workspaceId: string): Promise<SearchChannel[]> {
  const { data, error } = await getSupabase()
    .from("channels")
    .select("id, name")
    .eq("workspace_id", workspaceId)
    .eq("kind", "channel")
    .order("name");
  if (error) throw error;
  return z.array(channelSchema).parse(data);
}

export function useSearchChannels(workspaceId: string) {
  return useQuery({ queryKey: searchQueryKeys.channels(workspaceId), queryFn: () => listSearchChannels(workspaceId) });
}
