import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { RealtimeChannel } from "@supabase/supabase-js";
import { joinFreshChannel } from "../realtime/join-fresh-channel";
import { getSupabase } from "../supabase";
import { awayUsers, type PresenceMeta } from "./away-state";
import { onlineAnnounceMs, onlineUserFrom, onlineUsers, stampOnline } from "./online-state";
import { useIdle } from "./use-idle";
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
 * The presence payload also says whether the person is away (idle a while, `useIdle`).
 */
export function useTrackWorkspacePresence(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  const away = useIdle();
  const awayRef = useRef(away);
  const presenceRef = useRef<RealtimeChannel | null>(null);
  useEffect(() => {
    awayRef.current = away;
    void presenceRef.current?.track({ online_at: new Date().toISOString(), away });
  }, [away]);
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
            const state = channel.presenceState<PresenceMeta>();
            presenceKeys = Object.keys(state);
            queryClient.setQueryData<ReadonlySet<string>>(sharedWorkspaceKeys.away(workspaceId), awayUsers(state));
            publish();
          })
          .subscribe((status) => {
            if (status !== "SUBSCRIBED") return;
            presenceRef.current = channel;
            void channel.track({ online_at: new Date().toISOString(), away: awayRef.current });
          }),
      (channel) => {
        presenceRef.current = null;
        void channel.untrack();
      },
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

/** The ids of the members whose every open tab has been idle a while (filled by `useTrackWorkspacePresence`). */
export function useAwayUserIds(workspaceId: string): ReadonlySet<string> {
  const { data } = useQuery({
    queryKey: sharedWorkspaceKeys.away(workspaceId),
    queryFn: () => emptySet,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data ?? emptySet;
}
