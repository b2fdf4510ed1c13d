import type { BroadcastBody, Vsn } from "./message.ts";
import { encodeBroadcast } from "./serializer.ts";
import { wireFrame } from "./wire-frame.ts";

/** Not built yet (a built frame is a Buffer, or null when that vsn cannot carry the broadcast). */
const UNBUILT = undefined;

/**
 * One broadcast on one topic as complete websocket frames (`wire-frame.ts`), one per vsn, each
 * encoded and framed the first time a receiver of that vsn asks: fan-out builds at most two
 * frames per broadcast, however many receivers it has, and writes the same bytes to each of them.
 *
 * @example
 * const frames = new BroadcastFrames("realtime:room-1", body);
 * socket.write(frames.forVsn("2.0.0")); // null when that vsn cannot carry it (raw bytes to 1.0.0)
 */
export class BroadcastFrames {
  private v1: Buffer | null | typeof UNBUILT = UNBUILT;
  private v2: Buffer | null | typeof UNBUILT = UNBUILT;

  constructor(
    readonly topic: string,
    readonly body: BroadcastBody,
  ) {}

  forVsn(vsn: Vsn): Buffer | null {
    if (vsn === "2.0.0") return this.v2 === UNBUILT ? (this.v2 = this.build(vsn)) : this.v2;
    return this.v1 === UNBUILT ? (this.v1 = this.build(vsn)) : this.v1;
  }

  private build(vsn: Vsn): Buffer | null {
    const encoded = encodeBroadcast(vsn, this.topic, this.body);
    return encoded === null ? null : wireFrame(encoded);
  }
}
