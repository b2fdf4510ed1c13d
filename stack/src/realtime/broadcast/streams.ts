import type { BroadcastBody } from "../protocol/message.ts";
import { PresenceStore, type PresenceDiff } from "../presence/presence-store.ts";

/** What a stream needs from a joined channel to deliver to it. */
export interface StreamMember {
  readonly broadcastSelf: boolean;
  deliverBroadcast(body: BroadcastBody): void;
  deliverPresenceDiff(diff: PresenceDiff): void;
}

/** Everyone joined to one (public|private, sub-topic) pair; public and private never mix. */
export class Stream {
  readonly members = new Set<StreamMember>();
  readonly presence = new PresenceStore();
  constructor(
    readonly isPrivate: boolean,
    readonly subTopic: string,
  ) {}

  /** Fan-out never awaits a receiver: a slow socket only fills its own buffer. */
  broadcast(body: BroadcastBody, sender?: StreamMember): number {
    let delivered = 0;
    for (const member of this.members) {
      if (member === sender && !member.broadcastSelf) continue;
      member.deliverBroadcast(body);
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
