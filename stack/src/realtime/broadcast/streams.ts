import { BroadcastFrames } from "../protocol/broadcast-frames.ts";
import type { BroadcastBody } from "../protocol/message.ts";
import { PresenceStore, type PresenceDiff } from "../presence/presence-store.ts";

/** What a stream needs from a joined channel to deliver to it. */
export interface StreamMember {
  readonly broadcastSelf: boolean;
  /** Writes this broadcast's frame for the member's vsn, if the member may read it. */
  deliverBroadcast(frames: BroadcastFrames): void;
  deliverPresenceDiff(diff: PresenceDiff): void;
}

/** Everyone joined to one (public|private, sub-topic) pair; public and private never mix. */
export class Stream {
  readonly members = new Set<StreamMember>();
  readonly presence = new PresenceStore();
  /** The topic its members joined (`realtime:<sub-topic>`), as their frames name it. */
  readonly topic: string;
  constructor(
    readonly isPrivate: boolean,
    readonly subTopic: string,
  ) {
    this.topic = `realtime:${subTopic}`;
  }

  /**
   * Fan-out never awaits a receiver: a slow socket only fills its own buffer. The broadcast is
   * encoded and framed at most once per vsn, and every receiver gets those same bytes.
   */
  broadcast(body: BroadcastBody, sender?: StreamMember): number {
    const frames = new BroadcastFrames(this.topic, body);
    let delivered = 0;
    for (const member of this.members) {
      if (member === sender && !member.broadcastSelf) continue;
      member.deliverBroadcast(frames);
      delivered += 1;
    }
    return delivered;
  }

  presenceDiff(diff: PresenceDiff): number {
    for (const member of this.members) member.deliverPresenceDiff(diff);
    return this.members.size;
  }
}

/** The in-process replacement for upstream's distributed pubsub. */
export class StreamRegistry {
  private readonly streams = new Map<string, Stream>();

  get(isPrivate: boolean, subTopic: string): Stream {
    const key = `${isPrivate ? "private" : "public"}:${subTopic}`;
    let stream = this.streams.get(key);
    if (!stream) {
      stream = new Stream(isPrivate, subTopic);
      this.streams.set(key, stream);
    }
    return stream;
  }

  find(isPrivate: boolean, subTopic: string): Stream | undefined {
    return this.streams.get(`${isPrivate ? "private" : "public"}:${subTopic}`);
  }

  release(stream: Stream): void {
    if (stream.members.size === 0 && stream.presence.size === 0) {
      this.streams.delete(`${stream.isPrivate ? "private" : "public"}:${stream.subTopic}`);
    }
  }
}
