// Fuzzing realtime websocket frames (issue #11 item 3): malformed JSON, wrong types in Phoenix
// messages, binary garbage, unknown events and topics, huge frames. The server never crashes or
// hangs (each fuzzing socket still answers a heartbeat or is closed), logs no handling failure,
// and two ordinary clients in the same room keep talking throughout.
import fc from "fast-check";
import type { RealtimeChannel } from "@supabase/supabase-js";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturingLogger, type CapturedLog } from "../support/capturing-logger.ts";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { collector, subscribe } from "../realtime/helpers.ts";
import { JOIN_REF, ROOM, realtimeFrame } from "./realtime-frames.ts";
import { expectStackAlive, fuzzOptions, fuzzTimeout } from "./support.ts";

let t: TestStack;
let log: CapturedLog;
let sender: RealtimeChannel;
const received = collector<{ payload: { n: number } }>();
let probes = 0;

beforeAll(async () => {
  // A handled-but-unexpected failure logged at error level is still a bug.
  log = capturingLogger("error");
  t = await startTestStack("robustness", { logger: log.logger });
  const key = t.stack.keys.publishableKey;
  // The bystanders: one client per protocol version, in the room the fuzzer attacks.
  const receiver = testClient(t.url, key, { realtime: { vsn: "1.0.0" } as never })
    .channel("fuzz-room")
    .on("broadcast", { event: "probe" }, (m) => received.push(m as unknown as { payload: { n: number } }));
  sender = testClient(t.url, key).channel("fuzz-room", { config: { broadcast: { ack: true } } });
  expect((await subscribe(receiver)).status).toBe("SUBSCRIBED");
  expect((await subscribe(sender)).status).toBe("SUBSCRIBED");
});
afterAll(() => t?.close());

/** The bystanders still exchange a broadcast. */
async function expectBystandersTalk() {
  probes += 1;
  expect(await sender.send({ type: "broadcast", event: "probe", payload: { n: probes } })).toBe("ok");
  const [message] = await received.next(1, 5000);
  expect(message?.payload.n).toBe(probes);
}

function open(vsn: "1.0.0" | "2.0.0"): Promise<WebSocket> {
  const url = `${t.url.replace("http", "ws")}/realtime/v1/websocket?apikey=${t.stack.keys.publishableKey}&vsn=${vsn}`;
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

function phoenix(
  vsn: "1.0.0" | "2.0.0",
  ref: string,
  topic: string,
  event: string,
  payload: unknown,
  joinRef = ref,
): string {
  return vsn === "2.0.0"
    ? JSON.stringify([joinRef, ref, topic, event, payload])
    : JSON.stringify({ topic, event, payload, ref, join_ref: joinRef });
}

/** Resolves "replied" when the socket answers a heartbeat, "closed" if the server closed it; a hang fails. */
function heartbeat(ws: WebSocket, vsn: "1.0.0" | "2.0.0"): Promise<"replied" | "closed"> {
  if (ws.readyState !== WebSocket.OPEN) return Promise.resolve("closed");
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("the server neither answered a heartbeat nor closed the socket")),
      5000,
    );
    const done = (outcome: "replied" | "closed") => {
      clearTimeout(timer);
      resolve(outcome);
    };
    ws.on("message", (data: Buffer, isBinary) => {
      if (isBinary) return;
      const text = data.toString();
      if (text.includes('"hb-ref"') && text.includes("phx_reply")) done("replied");
    });
    ws.once("close", () => done("closed"));
    ws.send(phoenix(vsn, "hb-ref", "phoenix", "heartbeat", {}));
  });
}

describe("realtime frame fuzzing", () => {
  it(
    "any sequence of malformed, mistyped, unknown or binary frames leaves the server answering and bystanders talking",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("1.0.0" as const, "2.0.0" as const),
          fc.boolean(),
          fc.array(realtimeFrame, { minLength: 1, maxLength: 6 }),
          async (vsn, joinFirst, frames) => {
            const ws = await open(vsn);
            ws.on("error", () => undefined);
            if (joinFirst)
              ws.send(
                phoenix(vsn, JOIN_REF, ROOM, "phx_join", {
                  config: { broadcast: { self: true }, presence: { key: "" } },
                }),
              );
            for (const frame of frames) ws.send(frame);
            expect(["replied", "closed"]).toContain(await heartbeat(ws, vsn));
            ws.terminate();
            await expectBystandersTalk();
          },
        ),
        fuzzOptions(120),
      );
      expect(log.lines).toEqual([]);
      await expectStackAlive(t);
    },
    fuzzTimeout(),
  );

  it("a frame over the 5 MB cap closes only that socket with 1009 (message too big)", async () => {
    const ws = await open("2.0.0");
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    ws.on("error", () => undefined);
    ws.send(
      phoenix("2.0.0", "1", ROOM, "broadcast", {
        type: "broadcast",
        event: "big",
        payload: { blob: "x".repeat(5_100_000) },
      }),
    );
    expect(await closed).toBe(1009);
    await expectBystandersTalk();
  });

  it.each([
    [
      "a join",
      (blob: string) => phoenix("2.0.0", "j", ROOM, "phx_join", { config: { broadcast: { self: true } }, blob }),
    ],
    ["a heartbeat", (blob: string) => phoenix("2.0.0", "hb", "phoenix", "heartbeat", { blob })],
    ["an access_token push", (blob: string) => phoenix("2.0.0", "t", ROOM, "access_token", { access_token: blob })],
    ["an unparseable frame", (blob: string) => `[${blob}`],
  ])("%s over the 3 MB payload limit (under the frame cap) closes that socket with 1009", async (_kind, frame) => {
    const ws = await open("2.0.0");
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    ws.on("error", () => undefined);
    ws.send(frame("x".repeat(4_000_000)));
    // frames are handled in order: an answered heartbeat means the big frame was taken
    expect(await heartbeat(ws, "2.0.0")).toBe("closed");
    expect(await closed).toBe(1009);
    await expectBystandersTalk();
    expect(log.lines).toEqual([]);
  });

  it("a large broadcast under the frame cap is refused with payload_size_exceeded, not delivered", async () => {
    const ws = await open("2.0.0");
    ws.on("error", () => undefined);
    const reply = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no reply to the oversized broadcast")), 10_000);
      ws.on("message", (data: Buffer) => {
        const message = JSON.parse(data.toString()) as unknown[];
        if (message[1] === "big") {
          clearTimeout(timer);
          resolve(message);
        }
      });
    });
    ws.send(phoenix("2.0.0", "j", ROOM, "phx_join", { config: { broadcast: { ack: true } } }));
    ws.send(
      phoenix(
        "2.0.0",
        "big",
        ROOM,
        "broadcast",
        { type: "broadcast", event: "probe", payload: { n: -1, blob: "x".repeat(4_000_000) } },
        "j",
      ),
    );
    expect(await reply).toEqual([
      "j",
      "big",
      ROOM,
      "phx_reply",
      { status: "error", response: "payload_size_exceeded" },
    ]);
    ws.terminate();
    await expectBystandersTalk();
    expect(log.lines).toEqual([]);
  });
});
