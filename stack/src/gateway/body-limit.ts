import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { GatewayEnv } from "./context.ts";

/** Kong's request-size-limiting answer, as hosted's API gateway sends it. */
export const BODY_TOO_LARGE_BODY = { message: "Request size limit exceeded" };

/** The most of a refused body that is read and dropped; past it the connection is cut. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body, so a client still sending it can read the 413.
 * Closing the socket under it makes fetch/undici report "other side closed" instead.
 */
function discardRest(body: ReadableStream<Uint8Array> | null): void {
  if (body === null || body.locked) return;
  const reader = body.getReader();
  void (async () => {
    let read = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > MAX_DISCARD_BYTES) return void (await reader.cancel());
    }
  })().catch(() => undefined);
}

/**
 * Refuses a request body over `maxBytes` with 413 before a service reads it: at once when
 * Content-Length says so, while streaming otherwise (a chunked body is counted as it arrives).
 * @example app.use("/rest/v1/*", requestBodyLimit(20 * 1024 * 1024));
 */
export function requestBodyLimit(maxBytes: number): MiddlewareHandler<GatewayEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      discardRest(c.req.raw.body);
      // The rest of the body may never be read: the connection cannot carry another request.
      c.header("connection", "close");
      return c.json(BODY_TOO_LARGE_BODY, 413);
    },
  });
}
