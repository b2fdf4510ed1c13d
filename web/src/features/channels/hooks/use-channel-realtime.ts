import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "../api/channel-query-keys";
import { upsertMessage, type MessagePages } from "../api/message-cache";
import type { Message } from "../api/types";

/**
 * New and edited messages of a channel arrive through postgres changes (RLS decides who gets
 * them) and are written into the timeline's query cache. After a reconnect the timeline refetches,
 * so nothing missed while offline stays missing.
 */
export function useChannelRealtime(channelId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = channelQueryKeys.messages(channelId);
    const write = (payload: { new: Message }) => queryClient.setQueryData<MessagePages>(key, (data) => upsertMessage(data, payload.new));
    let subscribedBefore = false;
    const channel = getSupabase()
      .channel(`timeline:${channelId}`)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "messages", filter: `channel_id=eq.${channelId}` }, write)
      .on("postgres_changes", { event: "UPDATE", schema: "public", table: "messages", filter: `channel_id=eq.${channelId}` }, write)
      .subscribe((status) => {
        if (status !== "SUBSCRIBED") return;
        if (subscribedBefore) void queryClient.invalidateQueries({ queryKey: key });
        subscribedBefore = true;
      });
    return () => void getSupabase().removeChannel(channel);
  }, [queryClient, channelId]);
}
