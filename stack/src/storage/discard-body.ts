import type { Readable } from "node:stream";

/** The most a refused upload is read for; past it the connection is cut. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused upload so the client, still sending, can read the error
 * response. Cutting the socket instead makes fetch/undici report a network error and never show
 * the EntityTooLarge (or RLS) answer. Past `maxBytes` the stream is destroyed after all.
 * @example discardRest(body.stream);
 */
export function discardRest(stream: Readable, maxBytes = MAX_DISCARD_BYTES): void {
  let read = 0;
  stream.on("error", () => undefined);
  stream.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) stream.destroy();
  });
  stream.resume();
}
