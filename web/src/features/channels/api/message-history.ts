import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";

/** One earlier version of an edited message: its words and when they were written. */
export type MessageVersion = { id: string; body: string; written_at: string };

/** A message's earlier versions, oldest first (`public.message_edits`, kept by a trigger, read like the message). */
export async function listMessageVersions(messageId: string): Promise<MessageVersion[]> {
  const { data, error } = await getSupabase()
    .from("message_edits")
    .select("id, body, written_at")
    .eq("message_id", messageId)
    .order("replaced_at");
  if (error) throw error;
  return data;
}

export function useMessageVersions(messageId: string, enabled: boolean) {
  return useQuery({
    queryKey: channelQueryKeys.history(messageId),
    queryFn: () => listMessageVersions(messageId),
    enabled,
  });
}
