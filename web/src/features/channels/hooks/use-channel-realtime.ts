import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { getSupabase } from "../../../lib/supabase";
import { removeAttachment, upsertAttachments } from "../api/attachment-cache";
import { channelQueryKeys } from "../api/channel-query-keys";
import { upsertMessage, type MessagePages } from "../api/message-cache";
import { addReaction, removeReaction } from "../api/reaction-cache";
import { upsertReply } from "../api/thread-cache";
import type { Attachment, Message, Reaction } from "../api/types";

/**
 * Applies a realtime change to a cached query. If a fetch of that query is in flight, its answer
 * may predate the change and would overwrite it, so the query is fetched again (the in-flight
 * request is cancelled): the new answer includes the change.
 */
function writeLive<T>(queryClient: QueryClient, queryKey: QueryKey, update: (data: T | undefined) => T | undefined) {
  queryClient.setQueryData<T>(queryKey, update);
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) void queryClient.invalidateQueries({ queryKey, exact: true });
}

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
      writeLive<MessagePages>(queryClient, channelQueryKeys.messages(channelId), (data) => upsertMessage(data, message));
      const thread = message.thread_parent_id ?? message.id;
      writeLive<Message[]>(queryClient, channelQueryKeys.thread(channelId, thread), (data) => upsertReply(data, message));
    };
    const reactionsKey = channelQueryKeys.reactions(channelId);
    const attachmentsKey = channelQueryKeys.attachments(channelId);
    const channel = getSupabase()
      .channel(`timeline:${channelId}`)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "messages", filter }, writeMessage)
      .on("postgres_changes", { event: "UPDATE", schema: "public", table: "messages", filter }, writeMessage)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "reactions", filter }, ({ new: reaction }: { new: Reaction }) =>
        writeLive<Reaction[]>(queryClient, reactionsKey, (data) => addReaction(data, reaction)),
      )
      .on("postgres_changes", { event: "DELETE", schema: "public", table: "reactions", filter }, ({ old }: { old: Partial<Reaction> }) =>
        writeLive<Reaction[]>(queryClient, reactionsKey, (data) => (old.id ? removeReaction(data, old.id) : data)),
      )
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "attachments", filter }, ({ new: attachment }: { new: Attachment }) =>
        writeLive<Attachment[]>(queryClient, attachmentsKey, (data) => upsertAttachments(data, [attachment])),
      )
      .on("postgres_changes", { event: "DELETE", schema: "public", table: "attachments", filter }, ({ old }: { old: Partial<Attachment> }) =>
        writeLive<Attachment[]>(queryClient, attachmentsKey, (data) => (old.id ? removeAttachment(data, old.id) : data)),
      )
      .subscribe((status) => {
        // Every (re)subscription resyncs: changes made before the first join completed, or while
        // the socket was down, never reach this client as events.
        if (status === "SUBSCRIBED") void queryClient.invalidateQueries({ queryKey: channelQueryKeys.detail(channelId) });
      });
    return () => void getSupabase().removeChannel(channel);
  }, [queryClient, channelId]);
}
