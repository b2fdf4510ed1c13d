import type { ReadPermissions, Extension } from "../authorization/policies.ts";
import { canWrite } from "../authorization/policies.ts";
import type { Stream, StreamMember } from "../broadcast/streams.ts";
import type { ChangeSubscriber, RealtimeContext } from "../context.ts";
import { WindowCounter } from "../limits.ts";
import type { PresenceDiff } from "../presence/presence-store.ts";
import type { BroadcastFrames } from "../protocol/broadcast-frames.ts";
import type { PhoenixMessage, Vsn } from "../protocol/message.ts";
import type { JoinConfig } from "./join-config.ts";
import { msUntilRecheck, type Claims } from "./token.ts";

/** The socket a channel lives on, as the channel sees it. */
export interface ChannelSocket {
  readonly vsn: Vsn;
  /** A complete websocket frame, shared by every receiver of one broadcast. */
  sendFramed(frame: Buffer): void;
  sendMessage(message: PhoenixMessage): void;
  forget(channel: Channel): void;
}

export type ChannelState = {
  claims: Claims;
  token: string;
  read: ReadPermissions;
};

/**
 * One joined channel instance (one `join_ref`) of one socket: what it may see, how it is reached,
 * and how it ends.
 */
export class Channel implements StreamMember, ChangeSubscriber {
  readonly subTopic: string;
  readonly presenceKey: string;
  presenceEnabled: boolean;
  claims: Claims;
  token: string;
  read: ReadPermissions;
  private readonly writes = new Map<Extension, Promise<boolean>>();
  readonly presenceCalls: WindowCounter;
  private expiryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly ctx: RealtimeContext,
    readonly socket: ChannelSocket,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly config: JoinConfig,
    readonly stream: Stream,
    state: ChannelState,
    presenceKey: string,
  ) {
    this.subTopic = topic.slice("realtime:".length);
    this.claims = state.claims;
    this.token = state.token;
    this.read = state.read;
    this.presenceKey = presenceKey;
    this.presenceEnabled = config.presenceEnabled;
    this.presenceCalls = new WindowCounter(ctx.limits.presenceMaxCalls, ctx.limits.presenceWindowMs);
  }

  get isPrivate(): boolean {
    return this.config.private;
  }

  get broadcastSelf(): boolean {
    return this.config.broadcastSelf;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A push on this channel instance: `join_ref` set, `ref` null. */
  push(event: string, payload: unknown): void {
    if (!this.closed) this.socket.sendMessage({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  reply(ref: string | null, status: "ok" | "error", response: unknown): void {
    this.socket.sendMessage({
      joinRef: this.joinRef,
      ref,
      topic: this.topic,
      event: "phx_reply",
      payload: { status, response },
    });
  }

  /** Fan-out frames carry `join_ref: null, ref: null`. */
  private pushFanout(event: string, payload: unknown): void {
    if (this.closed) return;
    this.ctx.events.add();
    this.socket.sendMessage({ joinRef: null, ref: null, topic: this.topic, event, payload });
  }

  deliverBroadcast(frames: BroadcastFrames): void {
    if (this.closed || (this.isPrivate && !this.read.broadcast)) return;
    const frame = frames.forVsn(this.socket.vsn);
    if (frame === null) return;
    this.ctx.events.add();
    this.socket.sendFramed(frame);
  }

  deliverPresenceDiff(diff: PresenceDiff): void {
    if (!this.presenceEnabled || (this.isPrivate && !this.read.presence)) return;
    this.pushFanout("presence_diff", diff);
  }

  deliverChange(ids: number[], data: Record<string, unknown>): void {
    this.pushFanout("postgres_changes", { ids, data });
  }

  /** The write policy is asked once per extension and cached until the next `access_token`. */
  mayWrite(extension: Extension): Promise<boolean> {
    if (!this.isPrivate) return Promise.resolve(true);
    let decision = this.writes.get(extension);
    if (!decision) {
      decision = canWrite(this.ctx.db, this.claims, this.subTopic, extension);
      this.writes.set(extension, decision);
    }
    return decision;
  }

  /** A new token took effect: forget cached write decisions, re-arm the expiry check. */
  adoptToken(token: string, claims: Claims, read: ReadPermissions): void {
    this.token = token;
    this.claims = claims;
    this.read = read;
    this.writes.clear();
    this.armExpiry();
  }

  armExpiry(onExpiry?: () => void): void {
    if (onExpiry) this.onExpiry = onExpiry;
    clearTimeout(this.expiryTimer);
    if (this.closed) return;
    this.expiryTimer = setTimeout(() => this.onExpiry(), msUntilRecheck(this.claims));
    this.expiryTimer.unref();
  }

  private onExpiry: () => void = () => undefined;

  /** `system` message on this channel. */
  system(extension: string, status: "ok" | "error", message: string): void {
    this.push("system", { extension, status, message, channel: this.subTopic });
  }

  /** Upstream's `shutdown_response`: tell why, then end normally; the client does not rejoin. */
  shutdown(message: string): void {
    this.system("system", "error", message);
    this.end(true);
  }

  /**
   * Ends this instance: leaves the stream and its presence, drops its Postgres subscriptions and,
   * unless the socket is gone, pushes `phx_close` with `ref` = `join_ref`.
   */
  end(sendClose: boolean): void {
    if (this.closed) return;
    if (sendClose)
      this.socket.sendMessage({
        joinRef: this.joinRef,
        ref: this.joinRef,
        topic: this.topic,
        event: "phx_close",
        payload: {},
      });
    this.closed = true;
    clearTimeout(this.expiryTimer);
    this.stream.members.delete(this);
    const diff = this.stream.presence.untrack(this);
    if (diff) this.stream.presenceDiff(diff);
    this.ctx.changes.unsubscribe(this);
    this.ctx.streams.release(this.stream);
    this.socket.forget(this);
  }
}
