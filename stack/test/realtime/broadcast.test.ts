import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { closeClients, collector, quietPeriod, realtimeClient, subscribe } from "./helpers.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("realtime");
});
afterEach(() => closeClients());
afterAll(() => t?.close());

type Received = { event: string; payload?: unknown; meta?: unknown };

describe("broadcast", () => {
  it("delivers a broadcast to another client but not back to the sender when self is off", async () => {
    const sender = realtimeClient(t).channel("lobby");
    const receiverEvents = collector<Received>();
    const senderEvents = collector<Received>();
    const receiver = realtimeClient(t)
      .channel("lobby")
      .on("broadcast", { event: "*" }, (m) => receiverEvents.push(m as Received));
    sender.on("broadcast", { event: "*" }, (m) => senderEvents.push(m as Received));
    expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
    expect((await subscribe(sender)).status).toBe("SUBSCRIBED");
    expect(await sender.send({ type: "broadcast", event: "hello", payload: { text: "hi" } })).toBe("ok");
    const [message] = await receiverEvents.next();
    expect(message).toMatchObject({ event: "hello", payload: { text: "hi" } });
    await quietPeriod();
    expect(senderEvents.seen).toHaveLength(0);
  });

  it("echoes to the sender with self on and acknowledges with ack on", async () => {
    const events = collector<Received>();
    const channel = realtimeClient(t)
      .channel("echo", { config: { broadcast: { self: true, ack: true } } })
      .on("broadcast", { event: "ping" }, (m) => events.push(m as Received));
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    expect(await channel.send({ type: "broadcast", event: "ping", payload: { n: 1 } })).toBe("ok");
    expect((await events.next())[0]).toMatchObject({ event: "ping", payload: { n: 1 } });
  });

  it("carries messages between a vsn 1.0.0 and a vsn 2.0.0 client in one channel", async () => {
    const v1Events = collector<Received>();
    const v2Events = collector<Received>();
    const v1 = realtimeClient(t, { vsn: "1.0.0" })
      .channel("mixed")
      .on("broadcast", { event: "*" }, (m) => v1Events.push(m as Received));
    const v2 = realtimeClient(t, { vsn: "2.0.0" })
      .channel("mixed")
      .on("broadcast", { event: "*" }, (m) => v2Events.push(m as Received));
    expect((await subscribe(v1)).status).toBe("SUBSCRIBED");
    expect((await subscribe(v2)).status).toBe("SUBSCRIBED");
    await v2.send({ type: "broadcast", event: "from-v2", payload: { a: 1 } });
    expect((await v1Events.next())[0]).toMatchObject({ event: "from-v2", payload: { a: 1 } });
    await v1.send({ type: "broadcast", event: "from-v1", payload: { b: 2 } });
    expect((await v2Events.next())[0]).toMatchObject({ event: "from-v1", payload: { b: 2 } });
  });

  it.each(["1.0.0", "2.0.0"] as const)(
    "delivers broadcasts of every frame length encoding intact to many receivers (vsn %s)",
    async (vsn) => {
      // Frames under 126 bytes, under 64 KiB and over it carry their length in 7, 16 and 64 bits.
      const texts = [10, 200, 1_000, 70_000, 300_000].map((length, i) => String(i).repeat(length));
      const sender = realtimeClient(t, { vsn }).channel(`sizes-${vsn}`);
      const receivers = Array.from({ length: 3 }, () => collector<Received>());
      for (const events of receivers) {
        const receiver = realtimeClient(t, { vsn })
          .channel(`sizes-${vsn}`)
          .on("broadcast", { event: "sized" }, (m) => events.push(m as Received));
        expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
      }
      expect((await subscribe(sender)).status).toBe("SUBSCRIBED");
      for (const text of texts) await sender.send({ type: "broadcast", event: "sized", payload: { text } });
      for (const events of receivers) {
        const seen = await events.next(texts.length);
        expect(seen.map((m) => (m.payload as { text: string }).text)).toEqual(texts);
      }
    },
  );

  it("accepts POST /realtime/v1/api/broadcast with 202 and fans it out", async () => {
    const events = collector<Received>();
    const channel = realtimeClient(t)
      .channel("http-room")
      .on("broadcast", { event: "note" }, (m) => events.push(m as Received));
    expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
    const response = await fetch(`${t.url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: t.stack.keys.secretKey, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ topic: "http-room", event: "note", payload: { x: 1 } }] }),
    });
    expect(response.status).toBe(202);
    expect((await events.next())[0]).toMatchObject({ event: "note", payload: { x: 1 } });
  });

  it("answers httpSend through the single-event endpoint", async () => {
    const events = collector<Received>();
    const listener = realtimeClient(t)
      .channel("single")
      .on("broadcast", { event: "bell" }, (m) => events.push(m as Received));
    expect((await subscribe(listener)).status).toBe("SUBSCRIBED");
    const sender = realtimeClient(t).channel("single");
    expect(await sender.httpSend("bell", { ring: true })).toEqual({ success: true });
    expect((await events.next())[0]).toMatchObject({ event: "bell", payload: { ring: true } });
  });

  it("refuses a malformed batch with 422", async () => {
    const response = await fetch(`${t.url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: t.stack.keys.publishableKey, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ topic: "x" }] }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toHaveProperty("errors");
  });
});
