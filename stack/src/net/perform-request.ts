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
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeout_milliseconds);
  try {
    const response = await fetch(url, {
      method: request.method.toUpperCase(),
      headers: headerPairs(request.headers),
      body: request.body && request.body.length > 0 ? new Uint8Array(request.body) : undefined,
      redirect: "manual",
      signal: controller.signal,
    });
    const content = await response.text();
    return {
      id: request.id,
      status_code: response.status,
      content_type: response.headers.get("content-type"),
      headers: Object.fromEntries(response.headers),
      // text columns cannot hold NUL characters
      content: content.replaceAll("\u0000", ""),
      timed_out: false,
      error_msg: null,
    };
  } catch (error) {
    if (controller.signal.aborted) {
      const total = (performance.now() - started).toFixed(3);
      return failed(`Timeout of ${request.timeout_milliseconds} ms reached. Total time: ${total} ms`, true);
    }
    return failed(describeFetchError(error));
  } finally {
    clearTimeout(timer);
  }
}

function requestUrl(request: QueuedRequest, gatewayUrl: string): URL {
  const url = reachLocalStack(new URL(request.url), gatewayUrl);
  for (const [key, value] of Object.entries(request.params)) {
    url.searchParams.append(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return url;
}

function headerPairs(headers: Record<string, unknown> | null): [string, string][] {
  return Object.entries(headers ?? {}).map(([name, value]) => [
    name,
    typeof value === "string" ? value : JSON.stringify(value),
  ]);
}

/** libcurl's wording (as pg_net reports it) for the failures fetch names by code. */
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  switch (cause?.code) {
    case "ECONNREFUSED":
      return "Couldn't connect to server";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "Couldn't resolve host name";
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return "Failure when receiving data from the peer";
    default:
      return cause?.message ?? (error instanceof Error ? error.message : String(error));
  }
}
