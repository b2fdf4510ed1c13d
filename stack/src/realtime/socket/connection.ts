import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import { handleBroadcast, textBroadcastBody } from "../broadcast/broadcast-handler.ts";
import type { Channel } from "../channel/channel.ts";
import { joinChannel, type JoiningSocket } from "../channel/join.ts";
import { handleAccessToken } from "../channel/token-refresh.ts";
import type { RealtimeContext } from "../context.ts";
import { handlePresence } from "../presence/presence-handler.ts";
import type { Inbound, PhoenixMessage, UserBroadcastPush, Vsn } from "../protocol/message.ts";
import { decodeFrame, encodeMessage } from "../protocol/serializer.ts";
import { FrameWriter } from "./frame-writer.ts";

/**
 * Broadcasts and presence tracks have upstream's own answer to an oversized payload (a
 * `payload_size_exceeded` reply, a channel shutdown); every other frame over the limit closes the socket.
 */
function answersOversizeItself(inbound: Inbound): boolean {
  return (
    inbound.kind === "user_broadcast" || inbound.message.event === "broadcast" || inbound.message.event === "presence"
  );
}

/** Phoenix closes a websocket that received nothing for 60 s. */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * One websocket: decodes frames, answers heartbeats at once, routes the rest to its channels in
 * arrival order with Phoenix's socket rules.
 */
export class Connection implements JoiningSocket {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private dropped = 0;
  private readonly frames: FrameWriter;

  /**
   * `socket`: the upgraded connection `ws` speaks over. Shared broadcast frames are written to it
   * by a `FrameWriter`; `ws` (without compression, as configured in `upgrade.ts`) writes every
   * frame of its own synchronously too, so frames still leave in the order they were sent.
   */
  constructor(
    private readonly ctx: RealtimeContext,
    private readonly ws: WebSocket,
    socket: Duplex,
    readonly vsn: Vsn,
    readonly connectToken: string,
  ) {
    this.frames = new FrameWriter(socket);
    ctx.sockets.add(this);
    ws.on("message", (data: Buffer, isBinary) => this.onFrame(data, isBinary));
    ws.on("close", () => this.onClose());
    ws.on("error", () => undefined);
    this.touch();
  }

  get channelCount(): number {
    return this.channels.size;
  }

  /** A message for this socket alone, framed by `ws`. */
  send(frame: string | Buffer): void {
    if (this.mayWrite(this.ws.bufferedAmount)) this.ws.send(frame);
  }

  /** A complete websocket frame (`protocol/wire-frame.ts`), the same bytes for every receiver. */
  sendFramed(frame: Buffer): void {
    const queued = this.ws.bufferedAmount;
    if (this.mayWrite(queued)) this.frames.write(frame, queued);
  }

  /**
   * Only an open socket gets frames (none after a close frame), and a slow consumer loses frames
   * instead of holding up anyone else's fan-out. `queued` (`bufferedAmount`) counts what waits in
   * the socket, whichever way it was written.
   */
  private mayWrite(queued: number): boolean {
    if (this.ws.readyState !== this.ws.OPEN) return false;
    if (queued > this.ctx.limits.maxBufferedBytes) {
      this.dropped += 1;
      if (this.dropped === 1) this.ctx.logger.warn("realtime: slow consumer, dropping frames");
      return false;
    }
    return true;
  }

  sendMessage(message: PhoenixMessage): void {
    this.send(encodeMessage(this.vsn, message));
  }

  forget(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  dropForJoinRate(): void {
    setImmediate(() => this.ws.close(1001));
  }

  /** Server shutdown: channels end as upstream's restart does, then the socket closes. */
  close(code = 1001): void {
    this.ws.close(code);
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.ws.terminate(), IDLE_TIMEOUT_MS);
    this.idleTimer.unref();
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    this.touch();
    const inbound = decodeFrame(this.vsn, data, isBinary);
    if (data.length > this.ctx.limits.maxPayloadBytes && !(inbound && answersOversizeItself(inbound))) {
      // Over the project's payload limit but under the frame cap: a join, heartbeat, token or
      // unreadable frame that big is never legitimate. Closed as the frame cap closes (1009).
      this.ws.close(1009, "message too big");
      return;
    }
    if (!inbound) return;
    if (inbound.kind === "message" && inbound.message.topic === "phoenix" && inbound.message.event === "heartbeat") {
      this.sendMessage({
        joinRef: null,
        ref: inbound.message.ref,
        topic: "phoenix",
        event: "phx_reply",
        payload: { status: "ok", response: {} },
      });
      return;
    }
    this.queue = this.queue
      .then(() => this.route(inbound, data.length))
      .catch((error: unknown) => this.ctx.logger.error({ err: error }, "realtime: message handling failed"));
  }

  private async route(inbound: Inbound, size: number): Promise<void> {
    if (inbound.kind === "user_broadcast") return this.routeUserBroadcast(inbound.push, size);
    const message = inbound.message;
    if (message.event === "phx_join") return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      const ok = message.event === "phx_leave";
      this.sendMessage({
        joinRef: message.joinRef,
        ref: message.ref,
        topic: message.topic,
        event: "phx_reply",
        payload: ok ? { status: "ok", response: {} } : { status: "error", response: { reason: "unmatched topic" } },
      });
      return;
    }
    if (message.joinRef !== null && message.joinRef !== channel.joinRef) return;
    switch (message.event) {
      case "phx_leave":
        channel.reply(message.ref, "ok", {});
        channel.end(true);
        return;
      case "broadcast": {
        const body = textBroadcastBody(message.payload);
        if (body) await handleBroadcast(channel, message.ref, body, size);
        return;
      }
      case "presence":
        return handlePresence(channel, message.ref, message.payload, size);
      case "access_token":
        return handleAccessToken(channel, message.payload);
      default:
        return;
    }
  }

  private async routeUserBroadcast(push: UserBroadcastPush, size: number): Promise<void> {
    const channel = this.channels.get(push.topic);
    if (!channel) {
      this.sendMessage({
        joinRef: push.joinRef,
        ref: push.ref,
        topic: push.topic,
        event: "phx_reply",
        payload: { status: "error", response: { reason: "unmatched topic" } },
      });
      return;
    }
    if (push.joinRef !== null && push.joinRef !== channel.joinRef) return;
    await handleBroadcast(
      channel,
      push.ref,
      { origin: "user", event: push.userEvent, encoding: push.encoding, payload: push.payload },
      size,
    );
  }

  private async join(message: PhoenixMessage): Promise<void> {
    if (!message.topic.startsWith("realtime:")) {
      this.sendMessage({
        ...message,
        event: "phx_reply",
        payload: { status: "error", response: { reason: "unmatched topic" } },
      });
      return;
    }
    // A second join of a joined topic closes the old instance first (Phoenix socket.ex).
    this.channels.get(message.topic)?.end(true);
    const channel = await joinChannel(this.ctx, this, message);
    if (channel && this.ws.readyState === this.ws.OPEN) this.channels.set(message.topic, channel);
    else channel?.end(false);
  }

  private onClose(): void {
    clearTimeout(this.idleTimer);
    this.ctx.sockets.delete(this);
    for (const channel of [...this.channels.values()]) channel.end(false);
  }
}
