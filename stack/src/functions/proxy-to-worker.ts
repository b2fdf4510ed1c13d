import { Agent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/** Keep-alive connections to the workers: a warm call costs no TCP handshake. */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** Headers that belong to one hop, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);
const NULL_BODY_STATUS = new Set([204, 205, 304]);
/** Bodies up to this size with a Content-Length are passed on as one buffer; the rest stream. */
const SMALL_BODY_BYTES = 64 * 1024;

export interface ProxyOptions {
  port: number;
  /** `/NAME/sub/path?query`, as the function sees it behind the CLI's gateway. */
  pathAndQuery: string;
  headers: Headers;
  /** No response head within this time → rejects with `IdleTimeoutError`. */
  idleTimeoutMs: number;
  /** The client went away: abort the call to the worker. */
  signal: AbortSignal;
}

export class IdleTimeoutError extends Error {
  override name = "IdleTimeoutError";
}

/**
 * Forwards one request to a worker over loopback HTTP and resolves with its response as soon as the
 * head arrives; bodies stream both ways untouched (SSE included), nothing is buffered or rewritten.
 */
export function proxyToWorker(
  request: Request,
  options: ProxyOptions,
): Promise<{ response: Response; done: Promise<void> }> {
  const headers: OutgoingHttpHeaders = {};
  options.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  return new Promise((resolve, reject) => {
    const upstream = httpRequest({
      agent,
      host: "127.0.0.1",
      port: options.port,
      method: request.method,
      path: options.pathAndQuery,
      headers,
    });
    const idle = setTimeout(() => {
      reject(new IdleTimeoutError(`no response within ${options.idleTimeoutMs} ms`));
      upstream.destroy();
    }, options.idleTimeoutMs);
    const onAbort = () => upstream.destroy();
    options.signal.addEventListener("abort", onAbort, { once: true });
    upstream.once("error", (error) => {
      clearTimeout(idle);
      reject(error);
    });
    upstream.once("response", (incoming: IncomingMessage) => {
      clearTimeout(idle);
      const done = new Promise<void>((settle) =>
        incoming.once("close", () => {
          options.signal.removeEventListener("abort", onAbort);
          settle();
        }),
      );
      const length = Number(incoming.headers["content-length"]);
      if (Number.isInteger(length) && length <= SMALL_BODY_BYTES) {
        // A small body of known length: read it whole, cheaper than a web stream per response.
        void readAll(incoming).then((body) => resolve({ response: toResponse(incoming, body), done }), reject);
      } else {
        resolve({ response: toResponse(incoming), done });
      }
    });
    if (request.body && request.method !== "GET" && request.method !== "HEAD") {
      const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
      body.once("error", (error) => upstream.destroy(error));
      body.pipe(upstream);
    } else {
      upstream.end();
    }
  });
}

function readAll(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.once("end", () => resolve(Buffer.concat(chunks)));
    incoming.once("error", reject);
  });
}

function toResponse(incoming: IncomingMessage, buffered?: Buffer): Response {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    const name = incoming.rawHeaders[i] ?? "";
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, incoming.rawHeaders[i + 1] ?? "");
  }
  const status = incoming.statusCode ?? 502;
  if (NULL_BODY_STATUS.has(status)) {
    incoming.resume();
    return new Response(null, { status, statusText: incoming.statusMessage, headers });
  }
  const body = buffered ?? (Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>);
  // Cast: SAML's XML libraries pull the DOM lib into the program, whose BodyInit does not list Buffer.
  return new Response(body as ConstructorParameters<typeof Response>[0], {
    status,
    statusText: incoming.statusMessage,
    headers,
  });
}
