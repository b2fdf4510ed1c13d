import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { joinFreshChannel } from "../realtime/join-fresh-channel";
import { getSupabase } from "../supabase";
import { onlineAnnounceMs, onlineUserFrom, onlineUsers, stampOnline } from "./online-state";
import { sharedWorkspaceKeys } from "./workspace-keys";

const emptySet: ReadonlySet<string> = new Set();

/**
 * Announces the signed-in person as online in a workspace while the shell is open, and keeps who
 * else is online in the query cache. Two private topics, members only (policies on realtime.messages):
 * - `workspace:<id>` presence: tracked with the user's id as key; it tells when someone leaves.
 * - `workspace:<id>:online`: `announce_online` broadcasts from the database with the caller's
 *   user_id, on subscribe and every `onlineAnnounceMs`, and again whenever someone new announces
 *   (so a newcomer learns of everyone at once).
 * Someone is shown online only while both agree (`onlineUsers`): Supabase Realtime lets each client
 * choose its presence key and tells no one which user joined, so a key alone proves nothing.
 */
export function useTrackWorkspacePresence(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!workspaceId || !userId) return;
    const key = sharedWorkspaceKeys.presence(workspaceId);
    const stamps = new Map<string, number>();
    let presenceKeys: string[] = [];
    const publish = () =>
      queryClient.setQueryData<ReadonlySet<string>>(key, onlineUsers(presenceKeys, stamps, Date.now()));
    // A query builder runs once awaited; a lost announcement is covered by the next one.
    const announce = () =>
      void getSupabase()
        .rpc("announce_online", { workspace_id: workspaceId })
        .then(() => undefined);

    const leavePresence = joinFreshChannel(
      `workspace:${workspaceId}`,
      { config: { private: true, presence: { key: userId } } },
      (channel) =>
        channel
          .on("presence", { event: "sync" }, () => {
            presenceKeys = Object.keys(channel.presenceState());
            publish();
          })
          .subscribe((status) => {
            if (status === "SUBSCRIBED") void channel.track({ online_at: new Date().toISOString() });
          }),
      (channel) => void channel.untrack(),
    );
    const leaveAnnouncements = joinFreshChannel(
      `workspace:${workspaceId}:online`,
      { config: { private: true } },
      (channel) =>
        channel
          .on("broadcast", { event: "online" }, ({ payload }: { payload: unknown }) => {
            const announced = onlineUserFrom(payload);
            if (!announced) return;
            if (stampOnline(stamps, announced, Date.now()) && announced !== userId) announce();
            publish();
          })
          .subscribe((status) => {
            if (status === "SUBSCRIBED") announce();
          }),
    );
    // The backend's own record that this person is around: no missed-activity email while it is fresh.
    const recordPresence = () =>
      void getSupabase()
        .rpc("record_presence")
        .then(() => undefined);
    recordPresence();
    const announcing = setInterval(() => {
      announce();
      recordPresence();
    }, onlineAnnounceMs);
    // Drops people whose announcements stopped (a closed tab that never said goodbye).
    const expiring = setInterval(publish, onlineAnnounceMs / 2);
    return () => {
      clearInterval(announcing);
      clearInterval(expiring);
      leaveAnnouncements();
      leavePresence();
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
