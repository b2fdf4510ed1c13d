import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { GatewayEnv } from "./context.ts";
import { discardRest } from "./discard-body.ts";

/** Kong's request-size-limiting answer, as hosted's API gateway sends it. */
export const BODY_TOO_LARGE_BODY = { message: "Request size limit exceeded" };

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
