import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { channelQueryKeys } from "./channel-query-keys";
import { upsertMessage, type MessagePages } from "./message-cache";
import { upsertReply } from "./thread-cache";
import type { Message } from "./types";

/**
 * Applies a change (a realtime event or a mutation's answer) to a cached query. If a fetch of that
 * query is in flight, its answer may predate the change and would overwrite it, so the query is
 * fetched again (the in-flight request is cancelled): the new answer includes the change.
 */
export function writeLive<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
) {
  queryClient.setQueryData<T>(queryKey, update);
  if (queryClient.isFetching({ queryKey, exact: true }) > 0)
    void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** Writes a new or changed message wherever it is cached: the timeline, and its thread (as reply or parent). */
export function writeMessage(queryClient: QueryClient, channelId: string, message: Message) {
  writeLive<MessagePages>(queryClient, channelQueryKeys.messages(channelId), (data) => upsertMessage(data, message));
  writeLive<Message[]>(
    queryClient,
    channelQueryKeys.thread(channelId, message.thread_parent_id ?? message.id),
    (data) => upsertReply(data, message),
  );
}
