import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { getSupabase } from "../../../lib/supabase";
import { directoryKeys } from "./directory-keys";

const directoryRow = z.object({
  id: z.string(),
  name: z.string(),
  topic: z.string(),
  member_count: z.coerce.number(),
  is_member: z.boolean(),
});
export type DirectoryChannel = z.infer<typeof directoryRow>;

/** The workspace's public channels (`channel_directory`), those whose name or topic contains `search`. */
export async function listDirectory(workspaceId: string, search: string): Promise<DirectoryChannel[]> {
  const { data, error } = await getSupabase().rpc("channel_directory", { workspace_id: workspaceId, search });
  if (error) throw error;
  return z.array(directoryRow).parse(data);
}

export function useDirectory(workspaceId: string, search: string) {
  return useQuery({
    queryKey: directoryKeys.search(workspaceId, search),
    queryFn: () => listDirectory(workspaceId, search),
    placeholderData: keepPreviousData,
  });
}
