import { validateHeaderName, validateHeaderValue } from "node:http";
import type { ServiceAnswer } from "./service-request.ts";

/** The name `headers` uses for `lowerName`, whatever its case; undefined when absent. */
export function headerName(headers: Record<string, string>, lowerName: string): string | undefined {
  for (const name in headers) {
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) return name;
  }
  return undefined;
}

/** Sets a header, replacing it under any other case (as `Headers.set` does). */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const existing = headerName(headers, name.toLowerCase());
  if (existing !== undefined && existing !== name) delete headers[existing];
  headers[name] = value;
}

/** Adds a value to a list header (`Vary`), after any value already there (as `Headers.append` does). */
export function appendHeader(headers: Record<string, string>, name: string, value: string): void {
  const existing = headerName(headers, name.toLowerCase());
  if (existing === undefined) headers[name] = value;
  else headers[existing] = `${headers[existing]}, ${value}`;
}

/** True when the answer carries no body bytes at all. */
export function isEmptyBody(body: ServiceAnswer["body"]): body is null | "" {
  return body === null || body.length === 0;
}

/** What @hono/node-server sends for a body without a type; kept so both paths answer alike. */
const DEFAULT_CONTENT_TYPE = "text/plain; charset=UTF-8";

/**
 * Completes an answer's headers before it is sent: a body (even an empty string) gets its
 * Content-Length unless given, a non-empty one a default Content-Type. `null` is no body at all.
 */
export function completeHeaders(answer: ServiceAnswer): Record<string, string> {
  const { headers, body } = answer;
  if (body === null) return headers;
  if (body.length > 0 && headerName(headers, "content-type") === undefined)
    headers["Content-Type"] = DEFAULT_CONTENT_TYPE;
  if (headerName(headers, "content-length") === undefined)
    headers["Content-Length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  return headers;
}

/**
 * The answer as a WHATWG Response (for the Hono path), with the same headers the native path writes.
 * A header Node would refuse to send throws here, inside the handler, so the gateway answers 500
 * as the native path does (not later, while @hono/node-server writes).
 */
export function toWebResponse(answer: ServiceAnswer | Response): Response {
  if (answer instanceof Response) return answer;
  const headers = completeHeaders(answer);
  for (const name in headers) {
    validateHeaderName(name);
    validateHeaderValue(name, headers[name] as string);
  }
  const { body } = answer;
  return new Response(isEmptyBody(body) ? null : typeof body === "string" ? body : new Uint8Array(body), {
    status: answer.status,
    headers,
  });
}
