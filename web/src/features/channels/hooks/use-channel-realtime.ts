import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../../../lib/realtime/join-fresh-channel";
import { writeLive, writeMessage } from "../api/cache-writes";
import { channelQueryKeys } from "../api/channel-query-keys";
import { removeRow, upsertRows } from "../api/row-cache";
import type { Message } from "../api/types";

/** The channel-wide lists kept as plain rows in the cache, by table. */
const rowTables = [
  { table: "reactions", key: channelQueryKeys.reactions },
  { table: "attachments", key: channelQueryKeys.attachments },
] as const;

/**
 * A channel's changes arrive through postgres changes (RLS decides who gets them) and are written
 * into the query caches the screen reads: new and edited messages (timeline and open threads),
 * reactions and attachments both ways. Deletes reach every subscriber with only the row's id and
 * match no channel filter (so that they tell strangers nothing about who or where), so the screen
 * hears every reaction and attachment delete and drops the id wherever its cache has it. Each join
 * (the first and every reconnect) refetches, so nothing that happened before the subscription was
 * live stays missing.
 */
export function useChannelRealtime(channelId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const filter = `channel_id=eq.${channelId}`;
    const onMessage = ({ new: message }: { new: Message }) => writeMessage(queryClient, channelId, message);
    return joinFreshChannel(`timeline:${channelId}`, { config: {} }, (channel) => {
      channel
        .on("postgres_changes", { event: "INSERT", schema: "public", table: "messages", filter }, onMessage)
        .on("postgres_changes", { event: "UPDATE", schema: "public", table: "messages", filter }, onMessage);
      for (const { table, key } of rowTables) {
        channel
          .on(
            "postgres_changes",
            { event: "INSERT", schema: "public", table, filter },
            ({ new: row }: { new: { id: string } }) =>
              writeLive<{ id: string }[]>(queryClient, key(channelId), (data) => upsertRows(data, [row])),
          )
          .on("postgres_changes", { event: "DELETE", schema: "public", table }, ({ old }: { old: { id?: string } }) => {
            const id = old.id;
            const cached = queryClient.getQueryData<{ id: string }[]>(key(channelId));
            if (id && cached?.some((row) => row.id === id))
              writeLive<{ id: string }[]>(queryClient, key(channelId), (data) => removeRow(data, id));
          });
      }
      channel.subscribe((status) => {
        // Every (re)subscription resyncs: changes made before the first join completed, or while
        // the socket was down, never reach this client as events.
        if (status === "SUBSCRIBED")
          void queryClient.invalidateQueries({ queryKey: channelQueryKeys.detail(channelId) });
      });
    });
  }, [queryClient, channelId]);
}
