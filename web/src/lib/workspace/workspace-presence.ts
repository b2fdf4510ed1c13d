import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { RealtimeChannel } from "@supabase/supabase-js";
import { useEffect } from "react";
import { getSupabase } from "../supabase";
import { sharedWorkspaceKeys } from "./workspace-keys";

const emptySet: ReadonlySet<string> = new Set();

/**
 * Announces the signed-in person as online in a workspace while the shell is open: joins the
 * private presence topic `workspace:<id>` (members only, by policy on realtime.messages), tracks
 * itself once subscribed, and untracks and leaves on unmount. Everyone online lands in the query
 * cache. supabase-js hands back a still-leaving channel of the same topic (a quick remount, or
 * StrictMode), so a leftover one is removed before joining again.
 */
export function useTrackWorkspacePresence(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!workspaceId || !userId) return;
    const client = getSupabase();
    const topic = `workspace:${workspaceId}`;
    const key = sharedWorkspaceKeys.presence(workspaceId);
    let channel: RealtimeChannel | undefined;
    let left = false;

    void (async () => {
      const leftover = client.getChannels().find((existing) => existing.topic === `realtime:${topic}`);
      if (leftover) await client.removeChannel(leftover);
      if (left) return;
      const joined = client.channel(topic, { config: { private: true, presence: { key: userId } } });
      channel = joined;
      joined
        .on("presence", { event: "sync" }, () => queryClient.setQueryData<ReadonlySet<string>>(key, new Set(Object.keys(joined.presenceState()))))
        .subscribe((status) => {
          if (status === "SUBSCRIBED") void joined.track({ user_id: userId, online_at: new Date().toISOString() });
        });
    })();

    return () => {
      left = true;
      if (channel) {
        void channel.untrack();
        void client.removeChannel(channel);
      }
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
