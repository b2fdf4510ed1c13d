import type { MiddlewareHandler } from "hono";
import type { GatewayEnv } from "./context.ts";

/** Headers supabase-js and its sub-clients send. */
const ALLOWED_HEADERS = [
  "authorization",
  "apikey",
  "x-client-info",
  "content-type",
  "accept",
  "accept-language",
  "content-language",
  "accept-profile",
  "content-profile",
  "prefer",
  "range",
  "x-retry-count",
  "x-supabase-api-version",
  "x-client-ip",
  "x-jwt-aud",
  "x-use-cookie",
  "x-upsert",
  "cache-control",
  "x-region",
  "tus-resumable",
  "upload-length",
  "upload-metadata",
  "upload-offset",
  "upload-defer-length",
  "upload-concat",
  "baggage",
  "sentry-trace",
  "traceparent",
  "tracestate",
];

/** Headers a browser app must be able to read (counts, error codes, upload state). */
export const EXPOSED_HEADERS = [
  "Content-Encoding",
  "Content-Location",
  "Content-Range",
  "Content-Type",
  "Content-Length",
  "Content-Disposition",
  "Date",
  "ETag",
  "Last-Modified",
  "Location",
  "Server",
  "Transfer-Encoding",
  "Range-Unit",
  "Preference-Applied",
  "X-Total-Count",
  "Link",
  "X-Supabase-Api-Version",
  "X-Request-Id",
  "Upload-Offset",
  "Upload-Length",
  "Tus-Resumable",
  "Tus-Version",
  "Tus-Max-Size",
  "Tus-Extension",
].join(", ");

const ALLOWED_METHODS = "GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS";

export interface CorsOptions {
  /** Paths whose service answers CORS itself (edge functions). */
  passThrough: (path: string) => boolean;
  /**
   * Origins (`https://chat.example.com`) allowed to call with credentials; undefined allows any
   * origin, as hosted's gateway and the CLI do. Production mode passes the site URL's origins.
   */
  allowedOrigins?: readonly string[];
}

/**
 * Answers preflights and decorates responses as hosted Supabase's gateway does: the origin echoed
 * with credentials, the headers supabase-js sends, and the response headers apps need to read.
 * With `allowedOrigins`, any other origin gets no CORS headers at all (the browser then refuses).
 */
export function cors(options: CorsOptions): MiddlewareHandler<GatewayEnv> {
  const allowed = options.allowedOrigins === undefined ? undefined : new Set(options.allowedOrigins);
  return async (c, next) => {
    if (options.passThrough(c.req.path)) return next();
    const sent = c.req.header("origin");
    const origin = sent !== undefined && allowed !== undefined && !allowed.has(sent) ? undefined : sent;
    const isPreflight = c.req.method === "OPTIONS" && c.req.header("access-control-request-method") !== undefined;
    if (isPreflight) {
      const requested = (c.req.header("access-control-request-headers") ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== "");
      const headers = [...new Set([...ALLOWED_HEADERS, ...requested])].join(", ");
      if (origin === undefined && allowed !== undefined)
        return new Response(null, { status: 204, headers: { Vary: "Origin" } });
      return new Response(null, {
        status: 200,
        headers: {
          "Access-Control-Allow-Origin": origin ?? "*",
          "Access-Control-Allow-Credentials": "true",
          "Access-Control-Allow-Methods": ALLOWED_METHODS,
          "Access-Control-Allow-Headers": headers,
          "Access-Control-Max-Age": "86400",
          Vary: "Origin",
          "Content-Length": "0",
        },
      });
    }
    await next();
    if (origin !== undefined) {
      c.res.headers.set("Access-Control-Allow-Origin", origin);
      c.res.headers.set("Access-Control-Allow-Credentials", "true");
      c.res.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
      c.res.headers.append("Vary", "Origin");
    }
  };
}
