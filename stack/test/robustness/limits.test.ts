// Request size and slow-client limits (issue #11 item 3): bodies over the limit answer 413 in the
// shape of whoever enforces it, oversized headers 431, and a client that trickles its headers or
// body forever is timed out while everyone else is served.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { expectStackAlive, stackFetch } from "./support.ts";

const MiB = 1024 * 1024;
let t: TestStack;
beforeAll(async () => {
  // Short timeouts for this file only; body and header limits stay at their defaults.
  t = await startTestStack("robustness", { http: { requestTimeoutMs: 4000, headersTimeoutMs: 3000 } });
});
afterAll(() => t?.close());

const jsonRows = (bytes: number) => JSON.stringify([{ slug: `big-${bytes}`, body: "x".repeat(bytes) }]);

/** A body sent chunk by chunk without Content-Length (Transfer-Encoding: chunked). */
function chunked(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(MiB, total - sent)).fill(0x61);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe("body size limits", () => {
  it("refuses a REST body over 20 MiB with 413 in Kong's shape, with or without Content-Length", async () => {
    const declared = await stackFetch(t, "/rest/v1/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: jsonRows(21 * MiB),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: "Request size limit exceeded" });
    const streamed = await stackFetch(t, "/rest/v1/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunked(21 * MiB),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ message: "Request size limit exceeded" });
  });

  it("still accepts a large REST body under the limit", async () => {
    const response = await stackFetch(t, "/rest/v1/notes", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "return=minimal" },
      body: jsonRows(5 * MiB),
    });
    expect(response.status).toBe(201);
  });

  it("refuses an edge function body over 20 MiB with 413 before any worker sees it", async () => {
    const response = await stackFetch(t, "/functions/v1/anything", { method: "POST", body: new Uint8Array(21 * MiB) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request size limit exceeded" });
  });

  it("lets auth answer GoTrue's own 413 past 1 MiB", async () => {
    const response = await stackFetch(t, "/auth/v1/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.test", password: "x".repeat(2 * MiB) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error_code: "request_entity_too_large" });
  });

  it("leaves storage uploads to storage's own size limit and error shape, even past the gateway limit", async () => {
    const storageTooLarge = {
      statusCode: "413",
      error: "Payload too large",
      message: "The object exceeded the maximum allowed size",
      code: "EntityTooLarge",
    };
    const response = await stackFetch(t, "/storage/v1/object/files/big.bin", {
      method: "POST",
      service: true,
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(2 * MiB),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(storageTooLarge);
    // Past the gateway's limit storage still answers, from the declared length, before the body arrives.
    const answer = await rawExchange(
      `POST /storage/v1/object/files/huge.bin HTTP/1.1\r\nHost: x\r\napikey: ${t.stack.keys.secretKey}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${21 * MiB}\r\nConnection: close\r\n\r\n${"a".repeat(65_536)}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual(storageTooLarge);
    await expectStackAlive(t);
  });
});

describe("header size limits", () => {
  it("answers 431 to headers over 16 KiB, on HTTP and on a websocket upgrade, and keeps serving", async () => {
    const response = await stackFetch(t, "/rest/v1/notes", { headers: { "x-padding": "p".repeat(20_000) } });
    expect(response.status).toBe(431);
    const upgrade = await rawExchange(
      `GET /realtime/v1/websocket?vsn=2.0.0&apikey=${t.stack.keys.publishableKey} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nX-Padding: ${"p".repeat(20_000)}\r\n\r\n`,
    );
    expect(upgrade).toMatch(/^HTTP\/1\.1 431 /);
    await expectStackAlive(t);
  });
});

/** Sends raw bytes and resolves with everything the server answered until it closed. */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(t.url).port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
    socket.write(request);
  });
}

interface SlowClient {
  socket: Socket;
  /** What the server answered before closing the socket. */
  closed: Promise<string>;
  isOpen(): boolean;
}

/** A client that sends `head` and then one byte of `trickle` every 200 ms, never finishing. */
function slowClient(head: string, trickle: string): SlowClient {
  const socket = connect(Number(new URL(t.url).port), "127.0.0.1");
  let answer = "";
  let open = true;
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(trickle);
  }, 200);
  const closed = new Promise<string>((resolve) =>
    socket.on("close", () => {
      open = false;
      clearInterval(timer);
      resolve(answer);
    }),
  );
  socket.write(head);
  return { socket, closed, isOpen: () => open };
}

describe("slow clients", () => {
  it("times out clients trickling their body or headers forever, while every other request is served", async () => {
    const key = t.stack.keys.publishableKey;
    const secret = t.stack.keys.secretKey;
    // More body-tricklers than the API pool has connections (10), so a handler holding a connection
    // while it waits for a body would starve everyone else.
    const slow = [
      ...Array.from({ length: 12 }, () =>
        slowClient(
          `POST /rest/v1/notes HTTP/1.1\r\nHost: x\r\napikey: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n[{"body":"`,
          "a",
        ),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        slowClient(
          `POST /storage/v1/object/files/slow-${i}.txt HTTP/1.1\r\nHost: x\r\napikey: ${secret}\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n`,
          "a",
        ),
      ),
      ...Array.from({ length: 3 }, () =>
        slowClient(`GET /rest/v1/notes HTTP/1.1\r\nHost: x\r\napikey: ${key}\r\n`, "X"),
      ),
    ];
    // Everyone else is served meanwhile: reads, writes, an upload, auth.
    await expectStackAlive(t);
    const insert = await stackFetch(t, "/rest/v1/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ slug: "while-slow", body: "ok" }),
    });
    expect(insert.status).toBe(201);
    const upload = await stackFetch(t, "/storage/v1/object/files/while-slow.txt", {
      method: "POST",
      service: true,
      headers: { "content-type": "text/plain" },
      body: "ok",
    });
    expect(upload.status).toBe(200);
    expect(slow.every((client) => client.isOpen())).toBe(true);
    // Then the server gives up on every slow client: 408 and the socket closed.
    const answers = await Promise.all(slow.map((client) => client.closed));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Nothing half-received was stored.
    const halfReceived = await stackFetch(t, "/rest/v1/notes?select=id&slug=is.null");
    expect(await halfReceived.json()).toEqual([]);
    await expectStackAlive(t);
  });
});
