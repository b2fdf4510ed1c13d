import type { MiddlewareHandler } from "hono";
import type { GatewayEnv } from "../context.ts";

/** What a stored file may do when opened as a page: nothing (no script, no plugins, no origin). */
export const UNTRUSTED_CONTENT_POLICY =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * For responses whose bytes come from users (storage objects): once the app shares their origin,
 * an uploaded HTML or SVG file opened directly would otherwise run script with the app's origin and
 * read its session. Sandboxed, it renders without script and in an opaque origin; images, media and
 * downloads are unaffected (a policy on an image response does not apply where the image is shown).
 */
export function untrustedContentHeaders(): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", UNTRUSTED_CONTENT_POLICY);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  };
}
