import { useCallback, useEffect, useRef, useState } from "react";
import type { RealtimeChannel } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase";

/** Sends at most one "typing" per this interval while someone keeps typing. */
export const typingThrottleMs = 2500;
/** A typist disappears this long after their last signal. */
export const typingExpiryMs = 6000;

type Typist = { userId: string; name: string; until: number };

/**
 * "Is typing" for one channel over broadcast on the private topic `channel:<id>:typing`, which the
 * policies on `realtime.messages` open only to people who can read the channel. Returns who else
 * is typing now and `notifyTyping`, to call on every keystroke (it throttles itself).
 */
export function useTyping(channelId: string, me: { id: string; name: string } | null) {
  const [typists, setTypists] = useState<Typist[]>([]);
  const channelRef = useRef<RealtimeChannel | null>(null);
  const lastSent = useRef(0);
  const myId = me?.id;

  useEffect(() => {
    if (!myId) return;
    const channel = getSupabase()
      .channel(`channel:${channelId}:typing`, { config: { private: true, broadcast: { self: false } } })
      .on("broadcast", { event: "typing" }, ({ payload }: { payload: { user_id?: unknown; name?: unknown; stopped?: unknown } }) => {
        if (typeof payload.user_id !== "string" || typeof payload.name !== "string" || payload.user_id === myId) return;
        const { user_id: userId, name } = payload;
        setTypists((current) => {
          const others = current.filter((typist) => typist.userId !== userId);
          return payload.stopped === true ? others : [...others, { userId, name, until: Date.now() + typingExpiryMs }];
        });
      })
      .subscribe();
    channelRef.current = channel;
    return () => {
      channelRef.current = null;
      setTypists([]);
      void getSupabase().removeChannel(channel);
    };
  }, [channelId, myId]);

  // Expire quiet typists.
  useEffect(() => {
    if (typists.length === 0) return;
    const next = Math.min(...typists.map((typist) => typist.until));
    const timer = setTimeout(() => setTypists((current) => current.filter((typist) => typist.until > Date.now())), Math.max(0, next - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [typists]);

  const notifyTyping = useCallback(
    (stopped = false) => {
      const channel = channelRef.current;
      if (!channel || !me) return;
      const now = Date.now();
      if (!stopped && now - lastSent.current < typingThrottleMs) return;
      lastSent.current = stopped ? 0 : now;
      void channel.send({ type: "broadcast", event: "typing", payload: { user_id: me.id, name: me.name, stopped } });
    },
    [me],
  );

  return { typists: typists.map((typist) => typist.name), notifyTyping };
}
