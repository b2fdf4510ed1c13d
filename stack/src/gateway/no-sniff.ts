import type { MiddlewareHandler } from "hono";
import type { GatewayEnv } from "./context.ts";

/**
 * `X-Content-Type-Options: nosniff` on the APIs' answers: a browser then never reads a JSON error
 * (which may echo what the caller sent) as HTML or script. Edge functions set their own headers.
 */
export const NO_SNIFF = { name: "X-Content-Type-Options", value: "nosniff" } as const;

/** Adds {@link NO_SNIFF} to every answer that has no `X-Content-Type-Options` of its own. */
export function noSniff(): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has(NO_SNIFF.name)) c.res.headers.set(NO_SNIFF.name, NO_SNIFF.value);
  };
}
