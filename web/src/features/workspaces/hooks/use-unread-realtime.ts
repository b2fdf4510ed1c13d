import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../../../lib/realtime/join-fresh-channel";
import { countArrivedMessage, countReadMarker, type UnreadCounts } from "../api/unread-count-updates";
import { workspaceQueryKeys } from "../api/workspace-query-keys";

/**
 * Keeps the sidebar's unread counts current: a new message in the workspace or a moved read marker
 * (this person reading in any tab) updates them. RLS decides which changes arrive. Counting all of
 * them again is a heavy query, so a change the badges can follow exactly is applied to the cached
 * counts (`unread-count-updates.ts`); any other change — or one that lands while counts are being
 * fetched, whose answer may predate it — fetches them again, and so does every (re)join, since
 * changes made while the socket was down never arrive.
 */
export function useUnreadRealtime(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const queryKey = workspaceQueryKeys.unreadCounts(workspaceId);
    const refresh = () => void queryClient.invalidateQueries({ queryKey, exact: true });
    const follow = (update: (counts: UnreadCounts) => UnreadCounts | null) => {
      const cached = queryClient.getQueryData<UnreadCounts>(queryKey);
      const next = cached && queryClient.isFetching({ queryKey, exact: true }) === 0 ? update(cached) : null;
      if (next === null || next === undefined) refresh();
      else if (next !== cached) queryClient.setQueryData(queryKey, next);
    };
    return joinFreshChannel(`sidebar:${workspaceId}`, { config: {} }, (channel) =>
      channel
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "messages", filter: `workspace_id=eq.${workspaceId}` },
          ({ new: message }: { new: unknown }) => follow((counts) => countArrivedMessage(counts, message, userId)),
        )
        .on(
          "postgres_changes",
          { event: "*", schema: "public", table: "read_markers", filter: `user_id=eq.${userId}` },
          (change: { eventType: string; new: unknown }) =>
            follow((counts) => (change.eventType === "DELETE" ? null : countReadMarker(counts, change.new))),
        )
        .subscribe((status) => {
          if (status === "SUBSCRIBED") refresh();
        }),
    );
  }, [queryClient, workspaceId, userId]);
}
