import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/** The most of a refused body that is read and dropped; past it the connection is cut. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused request body so the client, still sending, can read the
 * error response (the gateway's 413, storage's EntityTooLarge or RLS answer). Cutting the socket
 * instead makes fetch/undici report "other side closed" and never show the answer. Past
 * `maxBytes` the stream is destroyed after all. A web body already being read elsewhere (locked)
 * is left alone.
 * @example discardRest(c.req.raw.body);
 */
export function discardRest(body: Readable | ReadableStream<Uint8Array> | null, maxBytes = MAX_DISCARD_BYTES): void {
  if (body === null) return;
  let stream: Readable;
  if (body instanceof Readable) stream = body;
  else if (body.locked) return;
  else stream = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  let read = 0;
  stream.on("error", () => undefined);
  stream.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) stream.destroy();
  });
  stream.resume();
}
