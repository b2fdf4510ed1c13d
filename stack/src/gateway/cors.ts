import type { MiddlewareHandler } from "hono";
import type { GatewayEnv } from "./context.ts";
import { applyAllowListToOwnCors } from "./self-cors.ts";

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
  /**
   * Paths whose service answers CORS itself (edge functions); with `allowedOrigins` their answers
   * follow the list too (see self-cors.ts).
   */
  passThrough: (path: string) => boolean;
  /**
   * Origins (`https://chat.example.com`) allowed to call with credentials; undefined allows any
   * origin, as hosted's gateway and the CLI do. Production mode passes the site URL's origins.
   */
  allowedOrigins?: readonly string[];
}

/** The request headers CORS looks at (lower-case names). */
export interface CorsRequest {
  method: string;
  origin: string | undefined;
  accessControlRequestMethod: string | undefined;
  accessControlRequestHeaders: string | undefined;
}

/** A preflight's answer: status and headers, no body. */
export interface PreflightAnswer {
  status: number;
  headers: Record<string, string>;
}

/**
 * The gateway's CORS rules, shared by the Hono middleware and the native path: which origin is
 * echoed, how a preflight is answered, and what every other response gets.
 */
export interface CorsPolicy {
  /** The origin to echo: the one sent, unless `allowedOrigins` leaves it out (then undefined). */
  originToEcho(sent: string | undefined): string | undefined;
  /** The preflight's answer, or undefined when the request is not a preflight. */
  preflight(request: CorsRequest): PreflightAnswer | undefined;
  /** Headers every answer to an echoed origin gets; `Vary: Origin` is appended to any Vary already there. */
  readonly responseHeaders: Readonly<Record<string, string>>;
}

/**
 * Answers preflights and decorates responses as hosted Supabase's gateway does: the origin echoed
 * with credentials, the headers supabase-js sends, and the response headers apps need to read.
 * With `allowedOrigins`, any other origin gets no CORS headers at all (the browser then refuses).
 * @example const policy = corsPolicy({ allowedOrigins: ["https://chat.example.com"] });
 */
export function corsPolicy(options: Pick<CorsOptions, "allowedOrigins">): CorsPolicy {
  const allowed = options.allowedOrigins === undefined ? undefined : new Set(options.allowedOrigins);
  const originToEcho = (sent: string | undefined) =>
    sent !== undefined && allowed !== undefined && !allowed.has(sent) ? undefined : sent;
  return {
    originToEcho,
    preflight(request): PreflightAnswer | undefined {
      if (request.method !== "OPTIONS" || request.accessControlRequestMethod === undefined) return undefined;
      const origin = originToEcho(request.origin);
      if (origin === undefined && allowed !== undefined) return { status: 204, headers: { Vary: "Origin" } };
      const requested = (request.accessControlRequestHeaders ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== "");
      return {
        status: 200,
        headers: {
          "Access-Control-Allow-Origin": origin ?? "*",
          "Access-Control-Allow-Credentials": "true",
          "Access-Control-Allow-Methods": ALLOWED_METHODS,
          "Access-Control-Allow-Headers": [...new Set([...ALLOWED_HEADERS, ...requested])].join(", "),
          "Access-Control-Max-Age": "86400",
          Vary: "Origin",
          "Content-Length": "0",
        },
      };
    },
    responseHeaders: {
      "Access-Control-Allow-Credentials": "true",
      "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    },
  };
}

/** The CORS policy as Hono middleware, for every path the native path does not serve. */
export function cors(options: CorsOptions): MiddlewareHandler<GatewayEnv> {
  const policy = corsPolicy(options);
  return async (c, next) => {
    if (options.passThrough(c.req.path)) {
      await next();
      if (options.allowedOrigins !== undefined) await applyAllowListToOwnCors(c, policy);
      return;
    }
    const preflight = policy.preflight({
      method: c.req.method,
      origin: c.req.header("origin"),
      accessControlRequestMethod: c.req.header("access-control-request-method"),
      accessControlRequestHeaders: c.req.header("access-control-request-headers"),
    });
    if (preflight) return new Response(null, preflight);
    await next();
    const origin = policy.originToEcho(c.req.header("origin"));
    if (origin !== undefined) {
      c.res.headers.set("Access-Control-Allow-Origin", origin);
      for (const [name, value] of Object.entries(policy.responseHeaders)) c.res.headers.set(name, value);
      c.res.headers.append("Vary", "Origin");
    }
  };
}
