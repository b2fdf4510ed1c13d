import { useInfiniteQuery } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { getSupabase } from "../../../lib/supabase";
import { searchQueryKeys } from "./search-keys";

export type SearchFilters = { query: string; channelId: string; authorId: string };

/** The longest query `search_messages` accepts (it refuses longer ones with 400, code 22023). */
export const MAX_SEARCH_QUERY_LENGTH = 1000;

/** Whether the server would run this query: not empty, not over the limit (a pasted link can carry one). */
export function isSearchableQuery(query: string): boolean {
  return query.trim() !== "" && query.length <= MAX_SEARCH_QUERY_LENGTH;
}

const hitSchema = z.object({
  id: z.string(),
  channel_id: z.string(),
  author_id: z.nullable(z.string()),
  thread_parent_id: z.nullable(z.string()),
  created_at: z.string(),
  body: z.string(),
  snippet: z.string(),
});
export type SearchHit = z.infer<typeof hitSchema>;

const pageSize = 20;

/** One page of `search_messages` (newest first; RLS decides which messages the caller may find). */
export async function searchMessages(
  workspaceId: string,
  filters: SearchFilters,
  before: string | null,
): Promise<SearchHit[]> {
  const { data, error } = await getSupabase().rpc("search_messages", {
    workspace_id: workspaceId,
    query: filters.query,
    // Left out (undefined), an optional argument takes the function's default: null, "any".
    channel_id: filters.channelId || undefined,
    author_id: filters.authorId || undefined,
    max_results: pageSize,
    before: before ?? undefined,
  });
  if (error) throw error;
  return z.array(hitSchema).parse(data);
}

/** Search results, paged with `before` = the last hit's time; idle until there is a query the server accepts. */
export function useMessageSearch(workspaceId: string, filters: SearchFilters) {
  return useInfiniteQuery({
    queryKey: searchQueryKeys.results(workspaceId, filters),
    queryFn: ({ pageParam }) => searchMessages(workspaceId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.length === pageSize ? (last.at(-1)?.created_at ?? null) : null),
    enabled: isSearchableQuery(filters.query),
  });
}
