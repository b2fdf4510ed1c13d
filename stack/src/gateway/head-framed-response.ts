import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";

type HeaderList = OutgoingHttpHeaders | OutgoingHttpHeader[];

const FRAMING = new Set(["content-length", "transfer-encoding"]);

/** True when `headers` (an object, or a flat or nested array as `writeHead` takes) names a framing header. */
function namesFraming(headers: HeaderList | undefined): boolean {
  if (headers === undefined) return false;
  if (!Array.isArray(headers)) {
    for (const name in headers) if (FRAMING.has(name.toLowerCase())) return true;
    return false;
  }
  const nested = Array.isArray(headers[0]);
  for (let index = 0; index < headers.length; index += nested ? 1 : 2) {
    const entry = headers[index];
    const name = nested && Array.isArray(entry) ? entry[0] : entry;
    if (typeof name === "string" && FRAMING.has(name.toLowerCase())) return true;
  }
  return false;
}

/** `headers` with `Transfer-Encoding: chunked` added, in the same form; the caller's object is left as it was. */
function withChunked(headers: HeaderList): HeaderList {
  if (!Array.isArray(headers)) return { ...headers, "Transfer-Encoding": "chunked" };
  return Array.isArray(headers[0])
    ? [...headers, ["Transfer-Encoding", "chunked"] as unknown as OutgoingHttpHeader]
    : [...headers, "Transfer-Encoding", "chunked"];
}

/**
 * The gateway's response class (`createServer({ ServerResponse })`): an HTTP/1.1 answer to HEAD that
 * says nothing of its body's framing gets `Transfer-Encoding: chunked`, whoever wrote it (REST on
 * the native path, a Hono service, the adapter's own 404). Node sends such an answer with neither
 * Content-Length nor Transfer-Encoding; Node's keep-alive client (`node:http` Agent) then cannot
 * tell the answer ended and reads until the connection closes, so every HEAD cost a connection.
 * RFC 9110 §9.3.2 lets a HEAD answer carry the header fields a GET would; chunked claims no
 * length the GET's body does not have, and Node writes no body (nor the last chunk) for a HEAD.
 * An answer that gives a Content-Length (a refusal with a JSON body) keeps it; 1xx, 204 and 304
 * never carry framing.
 */
export class HeadFramedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, messageOrHeaders?: string | HeaderList, maybeHeaders?: HeaderList): this {
    const message = typeof messageOrHeaders === "string" ? messageOrHeaders : undefined;
    const headers = typeof messageOrHeaders === "string" ? maybeHeaders : messageOrHeaders;
    if (!this.needsFraming(statusCode, headers)) return this.writeHeadAs(statusCode, message, headers);
    if (headers !== undefined) return this.writeHeadAs(statusCode, message, withChunked(headers));
    this.setHeader("Transfer-Encoding", "chunked");
    return this.writeHeadAs(statusCode, message, undefined);
  }

  private needsFraming(statusCode: number, headers: HeaderList | undefined): boolean {
    const { req } = this;
    if (req.method !== "HEAD" || req.httpVersionMajor !== 1 || req.httpVersionMinor < 1) return false;
    if (statusCode < 200 || statusCode === 204 || statusCode === 304) return false;
    return !namesFraming(headers) && !this.hasHeader("content-length") && !this.hasHeader("transfer-encoding");
  }

  private writeHeadAs(statusCode: number, message: string | undefined, headers: HeaderList | undefined): this {
    return message === undefined ? super.writeHead(statusCode, headers) : super.writeHead(statusCode, message, headers);
  }
}
