import type { IncomingMessage } from "node:http";
import type { RequestAuth } from "../context.ts";
import { clientAddress, type ClientAddress, type TrustedProxies } from "../network/index.ts";
import { bodyText, readBody } from "./request-body.ts";
import type { ServiceRequest } from "./service-request.ts";

const NO_BYTES = Buffer.alloc(0);

/** What the native path knows of a request when it hands it to its service. */
export interface NativeRequestParts {
  method: string;
  url: URL;
  path: string;
  headers: Record<string, string>;
  auth: RequestAuth;
  requestId: string;
  /** The gateway's body limit for this service (undefined: the service polices its own). */
  bodyLimit: number | undefined;
  proxies: TrustedProxies;
}

/**
 * The `ServiceRequest` the native path hands a service, as one object per request: what a service
 * may never read — the client address, the body — is worked out on first use (REST reads neither
 * for a GET), and the methods live on the prototype rather than in closures made per request.
 */
export class NativeServiceRequest implements ServiceRequest {
  readonly method: string;
  readonly url: URL;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly auth: RequestAuth;
  readonly requestId: string;
  readonly #request: IncomingMessage;
  readonly #bodyLimit: number | undefined;
  readonly #proxies: TrustedProxies;
  #client: ClientAddress | undefined;
  #body: Promise<Buffer> | undefined;

  constructor(request: IncomingMessage, parts: NativeRequestParts) {
    this.method = parts.method;
    this.url = parts.url;
    this.path = parts.path;
    this.headers = parts.headers;
    this.auth = parts.auth;
    this.requestId = parts.requestId;
    this.#request = request;
    this.#bodyLimit = parts.bodyLimit;
    this.#proxies = parts.proxies;
  }

  get client(): ClientAddress {
    this.#client ??= clientAddress(
      this.#request.socket.remoteAddress,
      this.headers["x-forwarded-for"],
      this.headers["x-forwarded-proto"],
      this.#proxies,
    );
    return this.#client;
  }

  bytes(): Promise<Buffer> {
    const noBody = this.method === "GET" || this.method === "HEAD";
    this.#body ??= noBody ? Promise.resolve(NO_BYTES) : readBody(this.#request, this.#bodyLimit);
    return this.#body;
  }

  async text(): Promise<string> {
    return bodyText(await this.bytes());
  }
}
