import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { redactedQuery } from "./redacted-query.ts";

const SANE_REQUEST_ID = /^[\w.-]{1,128}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is sane (word characters, dots, dashes, at
 * most 128), else a fresh UUID. Echoed in the response and in every log line about the request.
 * @example requestIdOf("web-1234") // "web-1234"; requestIdOf("bad id!") // a UUID
 */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export interface RequestLogEntry {
  requestId: string;
  method: string;
  /** The request path as routed (percent-decoded), without the query. */
  path: string;
  /** The request target as received (its query string is logged with credentials redacted). */
  target: string;
  status: number;
  /** `performance.now()` when the request arrived. */
  started: number;
  /** The caller's role when the api key and JWT were accepted. */
  role: string | undefined;
}

/**
 * The one structured line logged per request (skipped without building it when info is off): the
 * query string is in it with tokens, keys and codes redacted (see redactedQuery).
 */
export function logRequest(logger: Logger, entry: RequestLogEntry): void {
  if (!logger.isLevelEnabled("info")) return;
  logger.info(
    {
      reqId: entry.requestId,
      method: entry.method,
      path: entry.path,
      query: redactedQuery(entry.target),
      status: entry.status,
      ms: Math.round((performance.now() - entry.started) * 10) / 10,
      role: entry.role,
    },
    "request",
  );
}
