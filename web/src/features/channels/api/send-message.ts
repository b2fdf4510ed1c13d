import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { rowWithDerivedColumns } from "../../../lib/database-rows";
import { encodeMentionsOnSend } from "../mentions/encode-mentions-on-send";
import type { MentionPeople } from "../mentions/mention-tokens";
import { channelQueryKeys } from "./channel-query-keys";
import { attachmentColumns, messageColumns } from "./columns";
import { writeLive, writeMessage } from "./cache-writes";
import { upsertRows } from "./row-cache";
import type { Attachment, Message } from "./types";

/** A file already in the bucket, waiting for its message. */
export type UploadedFile = Pick<Attachment, "object_path" | "name" | "size_bytes" | "mime_type" | "width" | "height">;

export type SendInput = { body: string; threadParentId?: string | null; files?: UploadedFile[] };

/** What the composer hands over: the text as typed, whose `@username`s of `people` become mention tokens. */
export type ComposedMessage = { text: string; people: MentionPeople; files?: UploadedFile[] };

/**
 * Posts a message with a client-made id, so the realtime echo of it replaces this copy in the
 * cache instead of showing twice; then records its uploaded files (attachments need the message).
 */
export async function sendMessage(
  channelId: string,
  input: SendInput,
): Promise<{ message: Message; attachments: Attachment[] }> {
  const supabase = getSupabase();
  const id = crypto.randomUUID();
  const { data, error } = await supabase
    .from("messages")
    .insert(
      rowWithDerivedColumns<"messages", "workspace_id">({
        id,
        channel_id: channelId,
        body: input.body,
        thread_parent_id: input.threadParentId ?? null,
      }),
    )
    .select(messageColumns)
    .single();
  if (error) throw error;
  let attachments: Attachment[] = [];
  if (input.files?.length) {
    const rows = input.files.map((file) =>
      rowWithDerivedColumns<"attachments", "channel_id" | "workspace_id">({
        id: crypto.randomUUID(),
        message_id: id,
        ...file,
      }),
    );
    const inserted = await supabase.from("attachments").insert(rows).select(attachmentColumns);
    if (inserted.error) throw inserted.error;
    attachments = inserted.data as Attachment[];
  }
  return { message: data as Message, attachments };
}

export function useSendMessage(channelId: string, threadParentId: string | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, people, files }: ComposedMessage) =>
      sendMessage(channelId, { body: await encodeMentionsOnSend(text, people), files, threadParentId }),
    onSuccess: ({ message, attachments }) => {
      writeMessage(queryClient, channelId, message);
      writeLive<Attachment[]>(queryClient, channelQueryKeys.attachments(channelId), (data) =>
        upsertRows(data, attachments),
      );
    },
  });
}
