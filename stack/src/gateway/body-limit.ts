import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { GatewayEnv } from "./context.ts";
import { discardRest } from "./discard-body.ts";
import { toWebResponse } from "./native/answer-headers.ts";
import { jsonAnswer, type ServiceAnswer } from "./native/service-request.ts";

/** Kong's request-size-limiting answer, as hosted's API gateway sends it. */
export const BODY_TOO_LARGE_BODY = { message: "Request size limit exceeded" };

/** The 413; the rest of the body may never be read, so the connection cannot carry another request. */
export function bodyTooLargeAnswer(): ServiceAnswer {
  return jsonAnswer(413, BODY_TOO_LARGE_BODY, { Connection: "close" });
}

/**
 * True when a request declares (Content-Length, without Transfer-Encoding) a body over `maxBytes`:
 * refused before any service runs. GET and HEAD bodies are never read, so never refused.
 */
export function declaresTooLarge(method: string, headers: Readonly<Record<string, string>>, maxBytes: number): boolean {
  if (method === "GET" || method === "HEAD") return false;
  const declared = headers["content-length"];
  if (declared === undefined || headers["transfer-encoding"] !== undefined) return false;
  return Number.parseInt(declared, 10) > maxBytes;
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
      return toWebResponse(bodyTooLargeAnswer());
    },
  });
}
