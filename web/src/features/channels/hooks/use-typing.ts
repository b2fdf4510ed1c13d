import { useCallback, useEffect, useRef, useState } from "react";
import type { RealtimeChannel } from "@supabase/supabase-js";
import { joinFreshChannel } from "../../../lib/realtime/join-fresh-channel";
import { activeTypists, applyTypingSignal, shouldSendTyping, type Typist } from "./typing-state";

/**
 * "Is typing" for one channel over broadcast on the private topic `channel:<id>:typing`, which the
 * policies on `realtime.messages` open only to people who can read the channel. Returns who else
 * is typing now and `notifyTyping`, to call on every keystroke (it throttles itself) or with
 * `true` once the message is sent.
 */
export function useTyping(channelId: string, me: { id: string; name: string } | null) {
  const [typists, setTypists] = useState<Typist[]>([]);
  const channelRef = useRef<RealtimeChannel | null>(null);
  const lastSent = useRef(Number.NEGATIVE_INFINITY);
  const myId = me?.id;

  useEffect(() => {
    if (!myId) return;
    const leave = joinFreshChannel(`channel:${channelId}:typing`, { config: { private: true, broadcast: { self: false } } }, (channel) => {
      channelRef.current = channel
        .on("broadcast", { event: "typing" }, ({ payload }: { payload: { user_id?: unknown; name?: unknown; stopped?: unknown } }) => {
          if (typeof payload.user_id !== "string" || typeof payload.name !== "string" || payload.user_id === myId) return;
          const signal = { userId: payload.user_id, name: payload.name, stopped: payload.stopped === true };
          setTypists((current) => applyTypingSignal(current, signal, Date.now()));
        })
        .subscribe();
    });
    return () => {
      channelRef.current = null;
      setTypists([]);
      leave();
    };
  }, [channelId, myId]);

  // Expire quiet typists at the moment the first of them runs out.
  useEffect(() => {
    if (typists.length === 0) return;
    const next = Math.min(...typists.map((typist) => typist.until));
    const timer = setTimeout(() => setTypists((current) => activeTypists(current, Date.now())), Math.max(0, next - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [typists]);

  const notifyTyping = useCallback(
    (stopped = false) => {
      const channel = channelRef.current;
      if (!channel || !me) return;
      const now = Date.now();
      if (!stopped && !shouldSendTyping(lastSent.current, now)) return;
      lastSent.current = stopped ? Number.NEGATIVE_INFINITY : now;
      void channel.send({ type: "broadcast", event: "typing", payload: { user_id: me.id, name: me.name, stopped } });
    },
    [me],
  );

  return { typists: typists.map((typist) => typist.name), notifyTyping };
}
