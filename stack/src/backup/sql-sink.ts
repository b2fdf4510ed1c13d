import { once } from "node:events";
import type { Writable } from "node:stream";

/** Where a dump writes its SQL text; resolves once the text is accepted (backpressure honoured). */
export type SqlSink = (text: string) => Promise<void>;

/**
 * A sink over a writable stream (a file, stdout) that waits for `drain` when the stream is full.
 * @example const sink = streamSink(process.stdout);
 */
export function streamSink(stream: Writable): SqlSink {
  return async (text) => {
    if (!stream.write(text)) await once(stream, "drain");
  };
}
