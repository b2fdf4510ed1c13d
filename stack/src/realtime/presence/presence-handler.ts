import type { Channel } from "../channel/channel.ts";
import { SYSTEM_MESSAGES } from "../errors.ts";

/**
 * `presence` pushes (`track` / `untrack`, matched case-insensitively) as upstream's
 * `presence_handler.ex` answers them.
 */
export async function handlePresence(
  channel: Channel,
  ref: string | null,
  payload: unknown,
  size: number,
): Promise<void> {
  const body = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {};
  const event = typeof body.event === "string" ? body.event.toLowerCase() : "";
  if (event !== "track" && event !== "untrack") return;
  const { ctx } = channel;
  if (!channel.presenceCalls.take()) {
    channel.shutdown(SYSTEM_MESSAGES.clientPresenceRate);
    return;
  }
  ctx.events.add();
  if (ctx.events.exceeded()) {
    channel.shutdown(SYSTEM_MESSAGES.tooManyMessages);
    return;
  }
  if (event === "untrack") {
    const diff = channel.stream.presence.untrack(channel);
    channel.reply(ref, "ok", {});
    if (diff) channel.stream.presenceDiff(diff);
    return;
  }
  const state = body.payload;
  if (typeof state !== "object" || state === null || Array.isArray(state)) {
    channel.reply(ref, "error", { reason: "Presence track payload must be a map" });
    return;
  }
  if (size > ctx.limits.maxPayloadBytes) {
    channel.shutdown(SYSTEM_MESSAGES.trackTooLarge);
    return;
  }
  if (!(await channel.mayWrite("presence"))) {
    channel.reply(ref, "error", {});
    return;
  }
  if (channel.isClosed) return;
  if (!channel.presenceEnabled) {
    // track() turns presence on for a channel that joined without it; the client needs a state first.
    channel.presenceEnabled = true;
    channel.push("presence_state", channel.stream.presence.state());
  }
  const diff = channel.stream.presence.track(channel, channel.presenceKey, state as Record<string, unknown>);
  channel.reply(ref, "ok", {});
  if (diff) channel.stream.presenceDiff(diff);
}
