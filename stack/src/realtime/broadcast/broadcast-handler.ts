import type { Channel } from "../channel/channel.ts";
import { SYSTEM_MESSAGES } from "../errors.ts";
import type { BroadcastBody } from "../protocol/message.ts";

/**
 * A broadcast pushed on a joined channel (text or binary kind 3), as upstream's
 * `broadcast_handler.ex` treats it: counted against the project's
 * events, size-checked, write-checked on private channels (denied ⇒ silently dropped, no ack), then
 * fanned out; `ack` answers `ok {}` or `error "payload_size_exceeded"`.
 */
export async function handleBroadcast(
  channel: Channel,
  ref: string | null,
  body: BroadcastBody,
  size: number,
): Promise<void> {
  const { ctx } = channel;
  ctx.events.add();
  if (ctx.events.exceeded()) {
    channel.shutdown(SYSTEM_MESSAGES.tooManyMessages);
    return;
  }
  if (size > ctx.limits.maxPayloadBytes) {
    if (channel.config.broadcastAck) channel.reply(ref, "error", "payload_size_exceeded");
    return;
  }
  if (!(await channel.mayWrite("broadcast"))) return;
  if (channel.isClosed) return;
  channel.stream.broadcast(body, channel);
  if (channel.config.broadcastAck) channel.reply(ref, "ok", {});
}

/** A text-frame broadcast push: the payload object is forwarded as sent (`{type, event, payload}`). */
export function textBroadcastBody(payload: unknown): BroadcastBody | null {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  return { origin: "json", message: payload as Record<string, unknown> };
}
