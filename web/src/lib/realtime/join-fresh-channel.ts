import type { RealtimeChannel, RealtimeChannelOptions } from "@supabase/supabase-js";
import { getSupabase } from "../supabase";

/**
 * Joins a realtime topic with a new channel and returns how to leave it. supabase-js hands back an
 * existing channel of the same topic — one still leaving after a quick remount (or StrictMode) —
 * and such a channel cannot be set up or subscribed again, so a leftover is removed first.
 *
 * @example useEffect(() => joinFreshChannel(`members:${id}`, {}, (channel) => channel.on(…).subscribe()), [id]);
 */
export function joinFreshChannel(
  topic: string,
  options: RealtimeChannelOptions,
  setup: (channel: RealtimeChannel) => void,
  beforeLeave?: (channel: RealtimeChannel) => void,
): () => void {
  const client = getSupabase();
  let channel: RealtimeChannel | undefined;
  let left = false;
  void (async () => {
    const leftover = client.getChannels().find((existing) => existing.topic === `realtime:${topic}`);
    if (leftover) await client.removeChannel(leftover);
    if (left) return;
    channel = client.channel(topic, options);
    setup(channel);
  })();
  return () => {
    left = true;
    if (!channel) return;
    beforeLeave?.(channel);
    void client.removeChannel(channel);
  };
}
