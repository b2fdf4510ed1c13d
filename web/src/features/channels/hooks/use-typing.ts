import { useCallback, useEffect, useRef, useState } from "react";
import { getSupabase } from "../../../lib/supabase";
import { joinFreshChannel } from "../../../lib/realtime/join-fresh-channel";
import { activeTypists, applyTypingSignal, shouldSendTyping, typingSignalFrom, type Typist } from "./typing-state";

/**
 * "Is typing" for one channel on the private topic `channel:<id>:typing`, which the policies on
 * `realtime.messages` open only to people who can read the channel. Signals are sent by the
 * database (`send_typing`), which names the sender itself, so no one can type under another's name.
 * Returns the ids of the others typing now and `notifyTyping`, to call on every keystroke (it
 * throttles itself) or with `true` once the message is sent.
 */
export function useTyping(channelId: string, myId: string | null) {
  const [typists, setTypists] = useState<Typist[]>([]);
  const lastSent = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (!myId) return;
    const leave = joinFreshChannel(`channel:${channelId}:typing`, { config: { private: true } }, (channel) => {
      channel
        .on("broadcast", { event: "typing" }, ({ payload }: { payload: unknown }) => {
          const signal = typingSignalFrom(payload, myId);
          if (signal) setTypists((current) => applyTypingSignal(current, signal, Date.now()));
        })
        .subscribe();
    });
    return () => {
      setTypists([]);
      leave();
    };
  }, [channelId, myId]);

  // Expire quiet typists at the moment the first of them runs out.
  useEffect(() => {
    if (typists.length === 0) return;
    const next = Math.min(...typists.map((typist) => typist.until));
    const timer = setTimeout(
      () => setTypists((current) => activeTypists(current, Date.now())),
      Math.max(0, next - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [typists]);

  const notifyTyping = useCallback(
    (stopped = false) => {
      if (!myId) return;
      const now = Date.now();
      if (!stopped && !shouldSendTyping(lastSent.current, now)) return;
      lastSent.current = stopped ? Number.NEGATIVE_INFINITY : now;
      // Best effort: a lost signal only hides an indicator. (A query builder runs once awaited.)
      void getSupabase()
        .rpc("send_typing", { channel_id: channelId, stopped })
        .then(() => undefined);
    },
    [channelId, myId],
  );

  return { typists, notifyTyping };
}
