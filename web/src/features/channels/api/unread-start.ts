import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";

/** Where the caller's unread messages begin in a channel: the first one and how many there are. */
export type UnreadStart = { messageId: string; createdAt: string; count: number; since: string };

/**
 * Reads the caller's read marker (`read_markers`, private to them by RLS) and the first top-level
 * message after it written by someone else, with the number of such messages. Null when the
 * caller never read the channel or has nothing unread.
 */
export async function fetchUnreadStart(channelId: string, me: string): Promise<UnreadStart | null> {
  const supabase = getSupabase();
  const marker = await supabase.from("read_markers").select("last_read_at").eq("channel_id", channelId).maybeSingle();
  if (marker.error) throw marker.error;
  if (!marker.data) return null;
  const since = marker.data.last_read_at;
  const first = await supabase
    .from("messages")
    .select("id, created_at", { count: "exact" })
    .eq("channel_id", channelId)
    .is("thread_parent_id", null)
    .is("deleted_at", null)
    .gt("created_at", since)
    .or(`author_id.is.null,author_id.neq.${me}`)
    .order("created_at", { ascending: true })
    .order("id", { ascending: true })
    .limit(1);
  if (first.error) throw first.error;
  const row = first.data[0];
  return row ? { messageId: row.id, createdAt: row.created_at, count: first.count ?? 1, since } : null;
}

/**
 * The unread start as it was when the channel was opened. It is read once per visit and kept
 * while the visit lasts (the marker moves to "read" right after), and forgotten on leaving, so
 * the next visit reads it again.
 */
export function useUnreadStart(channelId: string, me: string) {
  return useQuery({
    queryKey: channelQueryKeys.unreadStart(channelId),
    queryFn: () => fetchUnreadStart(channelId, me),
    enabled: Boolean(me),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
