import { describe, expect, it } from "vitest";
import { BroadcastFrames } from "./broadcast-frames.ts";
import type { BroadcastBody } from "./message.ts";

const TOPIC = "realtime:room-1";

/** The payload of an unmasked server frame whose length fits the 7-bit field. */
function payloadOf(frame: Buffer): Buffer {
  expect(frame[1]).toBeLessThan(126);
  return frame.subarray(2);
}

describe("BroadcastFrames", () => {
  it("frames a text broadcast as a vsn 2.0.0 array and a vsn 1.0.0 object, each a final text frame", () => {
    const body: BroadcastBody = { origin: "json", message: { type: "broadcast", event: "tick", payload: { n: 1 } } };
    const frames = new BroadcastFrames(TOPIC, body);
    const v2 = frames.forVsn("2.0.0") as Buffer;
    const v1 = frames.forVsn("1.0.0") as Buffer;
    expect(v2[0]).toBe(0x81);
    expect(JSON.parse(payloadOf(v2).toString("utf8"))).toEqual([null, null, TOPIC, "broadcast", body.message]);
    expect(v1[0]).toBe(0x81);
    expect(JSON.parse(payloadOf(v1).toString("utf8"))).toEqual({
      topic: TOPIC,
      event: "broadcast",
      payload: body.message,
      ref: null,
    });
  });

  it("hands every receiver of one vsn the very same bytes", () => {
    const frames = new BroadcastFrames(TOPIC, { origin: "json", message: { event: "tick" } });
    expect(frames.forVsn("2.0.0")).toBe(frames.forVsn("2.0.0"));
    expect(frames.forVsn("1.0.0")).toBe(frames.forVsn("1.0.0"));
  });

  it("sends raw bytes to vsn 2.0.0 as a binary kind-4 frame and to vsn 1.0.0 not at all", () => {
    const body: BroadcastBody = { origin: "user", event: "blob", encoding: "binary", payload: Buffer.from([1, 2, 3]) };
    const frames = new BroadcastFrames(TOPIC, body);
    const v2 = frames.forVsn("2.0.0") as Buffer;
    expect(v2[0]).toBe(0x82);
    const payload = payloadOf(v2);
    expect([...payload.subarray(0, 5)]).toEqual([4, TOPIC.length, "blob".length, 0, 0]);
    expect([...payload.subarray(-3)]).toEqual([1, 2, 3]);
    expect(frames.forVsn("1.0.0")).toBeNull();
  });
});
