import { once } from "node:events";
import { createServer, connect, type Server, type Socket } from "node:net";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { FrameWriter } from "./frame-writer.ts";

/** A connected TCP pair on loopback: `sender` is the side the writer writes to. */
async function socketPair(): Promise<{ sender: Socket; receiver: Socket; server: Server }> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const accepted = once(server, "connection") as Promise<[Socket]>;
  const receiver = connect(address.port, "127.0.0.1");
  const [sender] = await accepted;
  return { sender, receiver, server };
}

/** Everything `receiver` reads until `length` bytes arrived. */
async function readBytes(receiver: Socket, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  receiver.resume();
  for await (const chunk of receiver as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    received += chunk.length;
    if (received >= length) break;
  }
  return Buffer.concat(chunks);
}

const filled = (length: number, byte: number) => Buffer.alloc(length, byte);

const open: Array<{ sender: Socket; receiver: Socket; server: Server }> = [];
afterEach(() => {
  for (const { sender, receiver, server } of open.splice(0)) {
    sender.destroy();
    receiver.destroy();
    server.close();
  }
});

async function pair() {
  const created = await socketPair();
  open.push(created);
  return created;
}

describe("FrameWriter", () => {
  it("writes a frame to the socket at once when nothing waits, leaving nothing queued", async () => {
    const { sender, receiver } = await pair();
    const frame = Buffer.from([0x81, 3, 0x61, 0x62, 0x63]);
    new FrameWriter(sender).write(frame, sender.writableLength);
    expect(sender.writableLength).toBe(0);
    expect(await readBytes(receiver, frame.length)).toEqual(frame);
  });

  it("queues a frame behind bytes the socket has not sent yet, and every later frame after it", async () => {
    const { sender, receiver } = await pair();
    const writer = new FrameWriter(sender);
    // Corked: the stream holds these bytes although the kernel would take them.
    sender.cork();
    const earlier = filled(5000, 1);
    sender.write(earlier);
    const frames = [filled(1000, 2), filled(70_000, 3), filled(10, 4)];
    for (const frame of frames) writer.write(frame, sender.writableLength);
    sender.uncork();
    const expected = Buffer.concat([earlier, ...frames]);
    const received = await readBytes(receiver, expected.length);
    expect(received.equals(expected)).toBe(true);
  });

  it("hands what the kernel did not take to the socket's stream, so frames arrive whole and in order", async () => {
    const { sender, receiver } = await pair();
    receiver.pause();
    const writer = new FrameWriter(sender);
    // Written as fan-out writes: each with what the socket holds, until the kernel refuses some.
    const frames = Array.from({ length: 400 }, (_, i) => filled(100_000 + i, i % 251));
    for (const frame of frames) writer.write(frame, sender.writableLength);
    expect(sender.writableLength).toBeGreaterThan(0);
    const expected = Buffer.concat(frames);
    const received = await readBytes(receiver, expected.length);
    expect(received.length).toBe(expected.length);
    expect(received.equals(expected)).toBe(true);
  });

  it("writes through the stream where there is no descriptor to write to", async () => {
    const stream = new PassThrough();
    const frame = Buffer.from([0x82, 1, 7]);
    new FrameWriter(stream).write(frame, 0);
    expect(stream.read()).toEqual(frame);
  });
});
