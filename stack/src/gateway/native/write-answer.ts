import type { ServerResponse } from "node:http";
import { completeHeaders, isEmptyBody } from "./answer-headers.ts";
import type { ServiceAnswer } from "./service-request.ts";

/**
 * Writes an answer in one `writeHead` + `end` (headers completed as on the Hono path; Node itself
 * drops the body of an answer to HEAD, and the gateway's `HeadFramedResponse` frames one that gives
 * no length). Throws, with nothing written, when a header name or value
 * is not allowed (a `response.headers` GUC with a newline, say).
 */
export function writeAnswer(response: ServerResponse, answer: ServiceAnswer): void {
  response.writeHead(answer.status, completeHeaders(answer));
  if (isEmptyBody(answer.body)) response.end();
  else response.end(answer.body);
}
