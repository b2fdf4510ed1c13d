import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { authorizeCaller } from "../authorize-caller.ts";
import { bodyTooLargeAnswer, declaresTooLarge } from "../body-limit.ts";
import type { RequestAuth } from "../context.ts";
import type { CorsPolicy, PreflightAnswer } from "../cors.ts";
import { discardRest } from "../discard-body.ts";
import type { KeyRing } from "../keys/index.ts";
import type { TrustedProxies } from "../network/index.ts";
import { NO_SNIFF } from "../no-sniff.ts";
import { logRequest, requestIdOf } from "../request-id.ts";
import { unexpectedFailureBody } from "../responses.ts";
import { appendHeader, setHeader } from "./answer-headers.ts";
import type { NativeTarget } from "./native-target.ts";
import { NativeServiceRequest } from "./native-service-request.ts";
import { BodyTooLargeError } from "./request-body.ts";
import { jsonAnswer, type ServiceAnswer } from "./service-request.ts";
import { writeAnswer } from "./write-answer.ts";

/** What the gateway's steps need, resolved once per gateway. */
export interface NativeGateway {
  keys: KeyRing;
  logger: Logger;
  requireApiKey: boolean;
  maxBodyBytes: number;
  proxies: TrustedProxies;
  cors: CorsPolicy;
}

interface Exchange {
  request: IncomingMessage;
  target: NativeTarget;
  method: string;
  headers: Record<string, string>;
  requestId: string;
  auth?: RequestAuth;
}

/**
 * Serves one request on the native path with the gateway's steps in the Hono path's order: request
 * id, client address, CORS preflight, api key and JWT, body limit, the service; then CORS headers
 * and the request id on whatever answered (a 500 with the request id for an uncaught error), and
 * one log line. Never rejects.
 */
export async function serveNative(
  gateway: NativeGateway,
  target: NativeTarget,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const started = performance.now();
  const { headers } = target;
  const exchange: Exchange = {
    request,
    target,
    method: request.method ?? "GET",
    headers,
    requestId: requestIdOf(headers["x-request-id"]),
  };
  const preflight = preflightAnswer(gateway, exchange);
  let answer: ServiceAnswer;
  if (preflight !== undefined) answer = { ...preflight, body: null };
  else {
    try {
      answer = await answerRequest(gateway, exchange);
    } catch (error) {
      answer = failure(gateway, exchange, error);
    }
  }
  const decorate = preflight === undefined && target.service.cors !== "self";
  try {
    writeAnswer(response, finish(gateway, exchange, answer, decorate));
  } catch (error) {
    writeAnswer(response, finish(gateway, exchange, failure(gateway, exchange, error), decorate));
  }
  logRequest(gateway.logger, {
    requestId: exchange.requestId,
    method: exchange.method,
    path: target.path,
    target: request.url ?? "",
    status: response.statusCode,
    started,
    role: exchange.auth?.ok ? exchange.auth.role : undefined,
  });
}

/** The gateway's own answer to a CORS preflight (only an OPTIONS can be one), unless the service does CORS itself. */
function preflightAnswer(gateway: NativeGateway, exchange: Exchange): PreflightAnswer | undefined {
  const { headers } = exchange;
  if (exchange.method !== "OPTIONS" || exchange.target.service.cors === "self") return undefined;
  return gateway.cors.preflight({
    method: exchange.method,
    origin: headers.origin,
    accessControlRequestMethod: headers["access-control-request-method"],
    accessControlRequestHeaders: headers["access-control-request-headers"],
  });
}

/**
 * Whatever answered gets the CORS headers (unless a preflight or a service doing its own),
 * `X-Content-Type-Options: nosniff` (unless the service does its own headers) and the request id.
 */
function finish(gateway: NativeGateway, exchange: Exchange, answer: ServiceAnswer, decorate: boolean): ServiceAnswer {
  if (decorate) decorateCors(gateway.cors, answer, exchange.headers.origin);
  if (exchange.target.service.cors !== "self") setHeader(answer.headers, NO_SNIFF.name, NO_SNIFF.value);
  setHeader(answer.headers, "X-Request-Id", exchange.requestId);
  return answer;
}

/** The key step, the body limit and the service's own answer. */
async function answerRequest(gateway: NativeGateway, exchange: Exchange): Promise<ServiceAnswer> {
  const { request, target, headers, method } = exchange;
  const { service } = target;
  const authorized = await authorizeCaller(gateway.keys, gateway.requireApiKey, service, {
    path: target.path,
    apikey: headers.apikey,
    apikeyParameter: () => target.url.searchParams.get("apikey") ?? undefined,
    authorization: headers.authorization,
    connection: request.socket,
  });
  exchange.auth = authorized.auth;
  if (!authorized.ok) {
    const refusal = authorized.answer;
    return refusal instanceof Response ? fromWebResponse(refusal) : refusal;
  }
  const limit = service.ownsBodyLimit ? undefined : gateway.maxBodyBytes;
  if (limit !== undefined && declaresTooLarge(method, headers, limit)) throw new BodyTooLargeError("declared");
  const serviceRequest = new NativeServiceRequest(request, {
    method,
    url: target.url,
    path: target.path.slice(service.basePath.length),
    headers,
    auth: authorized.auth,
    requestId: exchange.requestId,
    bodyLimit: limit,
    proxies: gateway.proxies,
  });
  return service.handle(serviceRequest);
}

/** A 413 for a body over the limit (the rest of it drained), else a logged 500 with the request id. */
function failure(gateway: NativeGateway, exchange: Exchange, error: unknown): ServiceAnswer {
  if (error instanceof BodyTooLargeError) {
    discardRest(exchange.request);
    return bodyTooLargeAnswer();
  }
  gateway.logger.error({ reqId: exchange.requestId, err: error, path: exchange.target.path }, "unhandled error");
  return jsonAnswer(500, unexpectedFailureBody(exchange.requestId));
}

/** Every answer to an allowed origin carries the CORS headers (hosted's gateway does the same). */
function decorateCors(cors: CorsPolicy, answer: ServiceAnswer, sent: string | undefined): void {
  const origin = cors.originToEcho(sent);
  if (origin === undefined) return;
  setHeader(answer.headers, "Access-Control-Allow-Origin", origin);
  for (const name in cors.responseHeaders) setHeader(answer.headers, name, cors.responseHeaders[name] as string);
  appendHeader(answer.headers, "Vary", "Origin");
}

/** A refusal a service still builds as a WHATWG Response (realtime's), read into an answer. */
async function fromWebResponse(response: Response): Promise<ServiceAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers, body: body.length === 0 ? null : body };
}
