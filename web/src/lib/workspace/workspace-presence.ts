import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../realtime/join-fresh-channel";
import { sharedWorkspaceKeys } from "./workspace-keys";

const emptySet: ReadonlySet<string> = new Set();

/**
 * Announces the signed-in person as online in a workspace while the shell is open: joins the
 * private presence topic `workspace:<id>` (members only, by policy on realtime.messages), tracks
 * itself once subscribed, and untracks and leaves on unmount. Everyone online lands in the query cache.
 *
 * Who is online is read from the presence keys only (never from a tracked payload), and only keys
 * of workspace members are shown. Supabase Realtime lets each client choose its presence key and
 * tells no one which user joined, hosted or local, so a member could still light up another
 * member's dot; unlike typing (sent by the database with the sender's id) nothing more is claimed.
 */
export function useTrackWorkspacePresence(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!workspaceId || !userId) return;
    const key = sharedWorkspaceKeys.presence(workspaceId);
    const leave = joinFreshChannel(
      `workspace:${workspaceId}`,
      { config: { private: true, presence: { key: userId } } },
      (channel) =>
        channel
          .on("presence", { event: "sync" }, () => queryClient.setQueryData<ReadonlySet<string>>(key, new Set(Object.keys(channel.presenceState()))))
          .subscribe((status) => {
            if (status === "SUBSCRIBED") void channel.track({ user_id: userId, online_at: new Date().toISOString() });
          }),
      (channel) => void channel.untrack(),
    );
    return () => {
      leave();
      queryClient.setQueryData<ReadonlySet<string>>(key, emptySet);
    };
  }, [queryClient, workspaceId, userId]);
}

/** The ids of the members online in a workspace right now (filled by `useTrackWorkspacePresence`). */
export function useOnlineUserIds(workspaceId: string): ReadonlySet<string> {
  const { data } = useQuery({
    queryKey: sharedWorkspaceKeys.presence(workspaceId),
    queryFn: () => emptySet,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data ?? emptySet;
}
