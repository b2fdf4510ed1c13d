import { useInfiniteQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";
import { messageColumns as columns } from "./columns";
import type { Message } from "./types";

export const messagePageSize = 50;

type Cursor = { created_at: string; id: string } | null;

/**
 * One page of a channel's timeline, newest first, older than `cursor` (keyset on created_at, id —
 * the `messages_channel_timeline_idx` order). Ties on created_at are broken by id.
 */
export async function listMessages(channelId: string, cursor: Cursor): Promise<Message[]> {
  let query = getSupabase()
    .from("messages")
    .select(columns)
    .eq("channel_id", channelId)
    .is("thread_parent_id", null)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(messagePageSize);
  if (cursor)
    query = query.or(`created_at.lt.${cursor.created_at},and(created_at.eq.${cursor.created_at},id.lt.${cursor.id})`);
  const { data, error } = await query;
  if (error) throw error;
  return data as Message[];
}

/** The timeline as pages (page 0 newest); `fetchNextPage` loads older messages. */
export function useChannelMessages(channelId: string) {
  return useInfiniteQuery({
    queryKey: channelQueryKeys.messages(channelId),
    queryFn: ({ pageParam }) => listMessages(channelId, pageParam),
    initialPageParam: null as Cursor,
    getNextPageParam: (lastPage) => {
      const oldest = lastPage.at(-1);
      return lastPage.length < messagePageSize || !oldest
        ? undefined
        : { created_at: oldest.created_at, id: oldest.id };
    },
  });
}
