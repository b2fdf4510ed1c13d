import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { GatewayEnv } from "./context.ts";
import { logRequest, requestIdOf } from "./request-id.ts";

/**
 * Gives every request an id (the caller's `x-request-id` if sane, else a UUID), echoes it in the
 * response, and logs one structured line per request.
 */
export function requestContext(logger: Logger): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      c.res.headers.set("X-Request-Id", requestId);
      const auth = c.get("auth");
      logRequest(logger, {
        requestId,
        method: c.req.method,
        path: c.req.path,
        target: c.req.url,
        status: c.res.status,
        started,
        role: auth?.ok ? auth.role : undefined,
      });
    }
  };
}
