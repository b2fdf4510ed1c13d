import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { attachmentBucket } from "./attachment-bucket";
import { writeMessage } from "./cache-writes";
import { messageColumns } from "./columns";
import type { Attachment, Message } from "./types";

/** Changes the body of one's own message; the database stamps `edited_at`. */
export async function editMessage(id: string, body: string): Promise<Message> {
  const { data, error } = await getSupabase()
    .from("messages")
    .update({ body })
    .eq("id", id)
    .select(messageColumns)
    .single();
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
  const { data, error } = await supabase
    .from("messages")
    .update({ deleted_at: new Date().toISOString() })
    .eq("id", id)
    .select(messageColumns)
    .single();
  if (error) throw error;
  return data as Message;
}

export function useEditMessage(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: string }) => editMessage(input.id, input.body),
    onSuccess: (message) => writeMessage(queryClient, channelId, message),
  });
}

export function useDeleteMessage(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; files: Attachment[] }) => deleteMessage(input.id, input.files),
    onSuccess: (message) => writeMessage(queryClient, channelId, message),
  });
}
