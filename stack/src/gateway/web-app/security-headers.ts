import type { MiddlewareHandler } from "hono";
import type { GatewayEnv } from "../context.ts";

/** A Host header fit to be named in a header value: a host name or IP literal and an optional port. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The app's Content-Security-Policy. Scripts only from this origin (the build has no inline
 * script; the runtime config is a file, `/parley-config.js`); styles from this origin plus inline
 * style elements, which the dialog library injects to lock scrolling; API calls, the realtime
 * websocket, avatars and attachments are same-origin (`ws:`/`wss:` are named for browsers whose
 * `'self'` does not cover websockets); previews use `blob:` and `data:` URLs. No framing.
 * @example contentSecurityPolicy("chat.example.com") // "default-src 'self'; …"
 */
export function contentSecurityPolicy(host: string | undefined): string {
  const sockets = host !== undefined && HOST.test(host) ? ` ws://${host} wss://${host}` : "";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${sockets}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Security headers for everything the gateway serves of the app. HSTS only when the request came
 * over TLS through a trusted proxy (a plain-HTTP server must not promise HTTPS).
 */
export function securityHeaders(): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(c.req.header("host")));
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    c.res.headers.set("X-Frame-Options", "DENY");
    c.res.headers.set("Cross-Origin-Opener-Policy", "same-origin");
    c.res.headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (c.get("client")?.secure) c.res.headers.set("Strict-Transport-Security", "max-age=31536000");
  };
}
