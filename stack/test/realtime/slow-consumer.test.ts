import WebSocket from "ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { closeClients, collector, quietPeriod, realtimeClient, subscribe } from "./helpers.ts";

// A small limit for this file's stack only (each test file runs in its own worker): a receiver
// whose socket holds more than 1 MiB unsent is a slow consumer and loses frames.
process.env.PARLEY_STACK_REALTIME_MAX_BUFFERED_BYTES = String(1024 * 1024);

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());

/** The websockets a client opened (its transport, given through supabase-js's public `transport` option). */
function recordingTransport(opened: WebSocket[]) {
  return class RecordedWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      opened.push(this);
    }
  };
}
afterAll(() => t?.close());

type Tick = { event: string; payload: { i: number; pad: string } };

const BROADCASTS = 300;
/** 300 × 100 kB: far more than loopback's socket buffers hold for a receiver that reads nothing. */
const PAD = "x".repeat(100_000);

describe("a slow consumer", () => {
  it("loses frames without holding up the others, and reads whole frames in order once it reads again", async () => {
    const fast = collector<Tick>();
    const slow = collector<Tick>();
    const fastChannel = realtimeClient(t)
      .channel("flood")
      .on("broadcast", { event: "*" }, (m) => fast.push(m as unknown as Tick));
    const opened: WebSocket[] = [];
    const slowClient = testClient(t.url, t.stack.keys.publishableKey, {
      realtime: { transport: recordingTransport(opened) as never },
    });
    const slowChannel = slowClient
      .channel("flood")
      .on("broadcast", { event: "*" }, (m) => slow.push(m as unknown as Tick));
    const sender = realtimeClient(t).channel("flood", { config: { broadcast: { ack: true } } });
    for (const channel of [fastChannel, slowChannel, sender])
      expect((await subscribe(channel)).status).toBe("SUBSCRIBED");

    // The slow receiver's client stops reading its socket (ws's pause), as a stalled network would.
    const [slowSocket] = opened;
    if (!slowSocket) throw new Error("the slow client opened no websocket");
    slowSocket.pause();
    for (let i = 0; i < BROADCASTS; i += 1) {
      expect(await sender.send({ type: "broadcast", event: "tick", payload: { i, pad: PAD } })).toBe("ok");
    }
    const everything = await fast.next(BROADCASTS, 60_000);
    expect(everything.map((m) => m.payload.i)).toEqual(Array.from({ length: BROADCASTS }, (_, i) => i));
    expect(everything.every((m) => m.payload.pad === PAD)).toBe(true);

    slowSocket.resume();
    // Once its socket has drained, a new broadcast reaches it again; everything before it was read by then.
    let drained = false;
    for (let attempt = 0; attempt < 100 && !drained; attempt += 1) {
      await sender.send({ type: "broadcast", event: "tick", payload: { i: BROADCASTS + attempt, pad: "" } });
      await quietPeriod(200);
      drained = slow.seen.some((m) => m.payload.i >= BROADCASTS);
    }
    expect(drained).toBe(true);
    const flood = slow.seen.filter((m) => m.payload.i < BROADCASTS);
    expect(flood.length).toBeLessThan(BROADCASTS);
    expect(flood.every((m) => m.payload.pad === PAD)).toBe(true);
    const order = flood.map((m) => m.payload.i);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(order.length);
    await slowClient.removeAllChannels();
    slowClient.realtime.disconnect();
  });
});
