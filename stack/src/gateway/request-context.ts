import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { GatewayEnv } from "./context.ts";

/**
 * Gives every request an id (the caller's `x-request-id` if sane, else a UUID), echoes it in the
 * response, and logs one structured line per request.
 */
export function requestContext(logger: Logger): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      c.res.headers.set("X-Request-Id", requestId);
      logger.info(
        {
          reqId: requestId,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          role: c.get("auth")?.ok ? (c.get("auth") as { role: string }).role : undefined,
        },
        "request",
      );
    }
  };
}
