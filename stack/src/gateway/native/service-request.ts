import type { RequestAuth } from "../context.ts";
import type { ClientAddress } from "../network/index.ts";

/**
 * One HTTP request as the gateway hands it to a service that answers without Hono (REST): parsed
 * once, with the caller already resolved. The same object reaches the service whether the request
 * came straight from `node:http` or, for the rare request Node's fast path leaves to Hono, through
 * the Hono adapter.
 */
export interface ServiceRequest {
  /** Upper-case method, as Node parsed it (`GET`, `HEAD`, …). */
  readonly method: string;
  /** The request URL, parsed once; only its path and query mean anything (the host is a placeholder). */
  readonly url: URL;
  /**
   * The path below the service's base path, percent-decoded the way Hono routes (`decodeURI`, so an
   * encoded `/` stays `%2F`): the empty string for the base path itself, else `/users`, `/rpc/fn`, …
   */
  readonly path: string;
  /** Request headers: lower-case names, a repeated header's values joined with ", " (as WHATWG `Headers`). */
  readonly headers: Readonly<Record<string, string>>;
  /** What the gateway learned about the caller (api key, verified JWT). */
  readonly auth: RequestAuth;
  /** The caller's address behind any trusted proxies. */
  readonly client: ClientAddress;
  readonly requestId: string;
  /** The body decoded as UTF-8 (a leading BOM dropped, as `Request.text()` does). */
  text(): Promise<string>;
  /** The body's bytes (read once; later calls get the same). */
  bytes(): Promise<Buffer>;
}

/**
 * A service's answer: written as is (a `Content-Length` the service gives is kept; Node drops the
 * body of a HEAD answer). A body without `Content-Type` is sent as `text/plain; charset=UTF-8`.
 */
export interface ServiceAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** A service's own request handler, called after the gateway's CORS, api key, JWT and body-limit steps. */
export type ServiceHandler = (request: ServiceRequest) => Promise<ServiceAnswer>;

/**
 * A JSON answer with its length, as Hono's `c.json` sends it (`Content-Type: application/json`).
 * @example jsonAnswer(401, { message: "Invalid API key" })
 */
export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): ServiceAnswer {
  const body = JSON.stringify(value);
  return {
    status,
    headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), ...headers },
    body,
  };
}
