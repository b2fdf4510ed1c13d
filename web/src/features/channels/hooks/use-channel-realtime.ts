import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getSupabase } from "../../../lib/supabase";
import { removeAttachment, upsertAttachments } from "../api/attachment-cache";
import { channelQueryKeys } from "../api/channel-query-keys";
import { upsertMessage, type MessagePages } from "../api/message-cache";
import { addReaction, removeReaction } from "../api/reaction-cache";
import { upsertReply } from "../api/thread-cache";
import type { Attachment, Message, Reaction } from "../api/types";

/**
 * A channel's changes arrive through postgres changes (RLS decides who gets them) and are written
 * into the query caches the screen reads: new and edited messages (timeline and open threads),
 * reactions and attachments both ways. Deletes carry only the primary key, which is all the
 * caches need. Each join (the first and every reconnect) refetches, so nothing that happened
 * before the subscription was live stays missing.
 */
export function useChannelRealtime(channelId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const filter = `channel_id=eq.${channelId}`;
    const writeMessage = ({ new: message }: { new: Message }) => {
      queryClient.setQueryData<MessagePages>(channelQueryKeys.messages(channelId), (data) => upsertMessage(data, message));
      const thread = message.thread_parent_id ?? message.id;
      queryClient.setQueryData<Message[]>(channelQueryKeys.thread(channelId, thread), (data) => upsertReply(data, message));
    };
    const reactionsKey = channelQueryKeys.reactions(channelId);
    const attachmentsKey = channelQueryKeys.attachments(channelId);
    const channel = getSupabase()
      .channel(`timeline:${channelId}`)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "messages", filter }, writeMessage)
      .on("postgres_changes", { event: "UPDATE", schema: "public", table: "messages", filter }, writeMessage)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "reactions", filter }, ({ new: reaction }: { new: Reaction }) =>
        queryClient.setQueryData<Reaction[]>(reactionsKey, (data) => addReaction(data, reaction)),
      )
      .on("postgres_changes", { event: "DELETE", schema: "public", table: "reactions", filter }, ({ old }: { old: Partial<Reaction> }) =>
        queryClient.setQueryData<Reaction[]>(reactionsKey, (data) => (old.id ? removeReaction(data, old.id) : data)),
      )
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "attachments", filter }, ({ new: attachment }: { new: Attachment }) =>
        queryClient.setQueryData<Attachment[]>(attachmentsKey, (data) => upsertAttachments(data, [attachment])),
      )
      .on("postgres_changes", { event: "DELETE", schema: "public", table: "attachments", filter }, ({ old }: { old: Partial<Attachment> }) =>
        queryClient.setQueryData<Attachment[]>(attachmentsKey, (data) => (old.id ? removeAttachment(data, old.id) : data)),
      )
      .subscribe((status) => {
        // Every (re)subscription resyncs: changes made before the first join completed, or while
        // the socket was down, never reach this client as events.
        if (status === "SUBSCRIBED") void queryClient.invalidateQueries({ queryKey: channelQueryKeys.detail(channelId) });
      });
    return () => void getSupabase().removeChannel(channel);
  }, [queryClient, channelId]);
}
