import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { attachmentBucket } from "./attachment-bucket";
import { channelQueryKeys } from "./channel-query-keys";
import { messageColumns } from "./columns";
import { upsertMessage, type MessagePages } from "./message-cache";
import { upsertReply } from "./thread-cache";
import type { Attachment, Message } from "./types";

/** Changes the body of one's own message; the database stamps `edited_at`. */
export async function editMessage(id: string, body: string): Promise<Message> {
  const { data, error } = await getSupabase().from("messages").update({ body }).eq("id", id).select(messageColumns).single();
  if (error) throw error;
  return data as Message;
}

/**
 * Soft-deletes a message (the database empties the body and drops its attachment rows), after
 * removing its files from the bucket — the rows are the only record of where they are.
 */
export async function deleteMessage(id: string, files: Attachment[]): Promise<Message> {
  const supabase = getSupabase();
  if (files.length) {
    const removed = await supabase.storage.from(attachmentBucket).remove(files.map((file) => file.object_path));
    if (removed.error) throw removed.error;
  }
  const { data, error } = await supabase.from("messages").update({ deleted_at: new Date().toISOString() }).eq("id", id).select(messageColumns).single();
  if (error) throw error;
  return data as Message;
}

/** Writes a changed message wherever it is cached: the timeline or its thread. */
export function useWriteMessage(channelId: string) {
  const queryClient = useQueryClient();
  return (message: Message) => {
    const parent = message.thread_parent_id ?? message.id;
    queryClient.setQueryData<Message[]>(channelQueryKeys.thread(channelId, parent), (data) => upsertReply(data, message));
    queryClient.setQueryData<MessagePages>(channelQueryKeys.messages(channelId), (data) => upsertMessage(data, message));
  };
}

export function useEditMessage(channelId: string) {
  const write = useWriteMessage(channelId);
  return useMutation({ mutationFn: (input: { id: string; body: string }) => editMessage(input.id, input.body), onSuccess: write });
}

export function useDeleteMessage(channelId: string) {
  const write = useWriteMessage(channelId);
  return useMutation({ mutationFn: (input: { id: string; files: Attachment[] }) => deleteMessage(input.id, input.files), onSuccess: write });
}
