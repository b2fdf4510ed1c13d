import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";
import { upsertMessage, type MessagePages } from "./message-cache";
import type { Message } from "./types";

/**
 * Posts a message with a client-made id, so the realtime echo of it replaces this copy in the
 * cache instead of showing twice.
 */
export async function sendMessage(input: { channelId: string; body: string }): Promise<Message> {
  const { data, error } = await getSupabase()
    .from("messages")
    .insert({ id: crypto.randomUUID(), channel_id: input.channelId, body: input.body })
    .select("id, channel_id, author_id, body, thread_parent_id, created_at, edited_at, deleted_at")
    .single();
  if (error) throw error;
  return data as Message;
}

export function useSendMessage(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage({ channelId, body }),
    onSuccess: (message) =>
      queryClient.setQueryData<MessagePages>(channelQueryKeys.messages(channelId), (data) => upsertMessage(data, message)),
  });
}
