import http from "node:http";
import https from "node:https";
import { reachLocalStack } from "./local-urls.ts";

/** A claimed row of `net.http_request_queue`. */
export interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
  params: Record<string, unknown>;
}

/** A row for `net._http_response`, as pg_net writes it. */
export interface RecordedResponse {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

/**
 * Performs one queued request as pg_net does with libcurl: the query parameters appended to the URL,
 * the headers and body as queued, redirects not followed, and the whole exchange bounded by
 * `timeout_milliseconds` (`timed_out` and pg_net's "Timeout of N ms reached" when it runs out).
 * Failures become `error_msg` rows, never exceptions.
 */
export async function performRequest(request: QueuedRequest, gatewayUrl: string): Promise<RecordedResponse> {
  const failed = (message: string, timedOut = false): RecordedResponse => ({
    id: request.id,
    status_code: null,
    content_type: null,
    headers: null,
    content: null,
    timed_out: timedOut,
    error_msg: message,
  });
  let url: URL;
  try {
    url = requestUrl(request, gatewayUrl);
  } catch {
    return failed("URL using bad/illegal format or missing URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return failed("Unsupported protocol");
  const started = performance.now();
  try {
    const response = await send(url, request);
    return {
      id: request.id,
      status_code: response.status,
      content_type: response.headers["content-type"] ?? null,
      headers: response.headers,
      // text columns cannot hold NUL characters
      content: response.body.replaceAll("\u0000", ""),
      timed_out: false,
      error_msg: null,
    };
  } catch (error) {
    if (error instanceof RequestTimeout) {
      const total = (performance.now() - started).toFixed(3);
      return failed(`Timeout of ${request.timeout_milliseconds} ms reached. Total time: ${total} ms`, true);
    }
    return failed(describeError(error));
  }
}

class RequestTimeout extends Error {}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One exchange with node:http(s) (no redirects followed, any port allowed, as libcurl), bounded as a
 * whole — connecting, sending and reading the body — by the request's timeout.
 */
function send(url: URL, request: QueuedRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const outgoing = transport.request(url, { method: request.method.toUpperCase(), headers: headerObject(request) });
    const timer = setTimeout(() => {
      reject(new RequestTimeout());
      outgoing.destroy();
    }, request.timeout_milliseconds);
    outgoing.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      incoming.on("end", () => {
        clearTimeout(timer);
        resolve({
          status: incoming.statusCode ?? 0,
          headers: joinedHeaders(incoming.headers),
          body: Buffer.concat(chunks).toString("utf8"),
        });
      });
    });
    outgoing.end(request.body && request.body.length > 0 ? request.body : undefined);
  });
}

function requestUrl(request: QueuedRequest, gatewayUrl: string): URL {
  const url = reachLocalStack(new URL(request.url), gatewayUrl);
  for (const [key, value] of Object.entries(request.params)) {
    url.searchParams.append(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return url;
}

function headerObject(request: QueuedRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return headers;
}

/** Response headers as one string each; a repeated header (set-cookie) is joined with ", ". */
function joinedHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) joined[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return joined;
}

/** libcurl's wording (as pg_net reports it) for the failures Node names by code. */
function describeError(error: unknown): string {
  const cause = error as { code?: string; message?: string };
  switch (cause.code) {
    case "ECONNREFUSED":
      return "Couldn't connect to server";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "Couldn't resolve host name";
    case "ECONNRESET":
    case "EPIPE":
      return "Failure when receiving data from the peer";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
