import type { ClientAddress, RequestAuth, ServiceRequest } from "../../gateway/index.ts";
import type { AuthContext } from "./route.ts";

/**
 * What an endpoint that runs on both gateway paths reads from its request: the Hono context (most
 * routes) or the gateway's native `ServiceRequest` (`POST /token`, the hot path) seen the same way,
 * so each endpoint has one implementation.
 */
export interface AuthCall {
  /** A request header by name (any case); repeated values joined with ", " as WHATWG `Headers`. */
  header(name: string): string | undefined;
  /** The first value of a query parameter, percent- and `+`-decoded. */
  query(name: string): string | undefined;
  /** The body as UTF-8 text (a leading BOM dropped). */
  text(): Promise<string>;
  readonly auth: RequestAuth;
  readonly client: ClientAddress | undefined;
  readonly requestId: string;
}

/** The Hono route's view of its request. */
export function authCallFromContext(c: AuthContext): AuthCall {
  return {
    header: (name) => c.req.header(name),
    query: (name) => c.req.query(name),
    text: () => c.req.text(),
    auth: c.get("auth"),
    client: c.get("client"),
    requestId: c.get("requestId"),
  };
}

/** The native path's request seen the same way (its headers are already lower-case and merged). */
export function authCallFromServiceRequest(request: ServiceRequest): AuthCall {
  return {
    header: (name) => request.headers[name.toLowerCase()],
    query: (name) => request.url.searchParams.get(name) ?? undefined,
    text: () => request.text(),
    auth: request.auth,
    client: request.client,
    requestId: request.requestId,
  };
}
