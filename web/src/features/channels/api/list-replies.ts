import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";
import { messageColumns } from "./columns";
import type { Message } from "./types";

/** The thread under a message, plus the message itself first (`messages_thread_idx`, oldest first). */
export async function listThread(parentId: string): Promise<Message[]> {
  const { data, error } = await getSupabase()
    .from("messages")
    .select(messageColumns)
    .or(`id.eq.${parentId},thread_parent_id.eq.${parentId}`)
    .order("created_at", { ascending: true })
    .order("id", { ascending: true })
    .limit(1000);
  if (error) throw error;
  return data as Message[];
}

export function useThread(channelId: string, parentId: string) {
  return useQuery({ queryKey: channelQueryKeys.thread(channelId, parentId), queryFn: () => listThread(parentId) });
}
