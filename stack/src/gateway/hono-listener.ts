import { getRequestListener, RequestError, type HttpBindings, type Http2Bindings } from "@hono/node-server";
import type { Hono } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { GatewayEnv } from "./context.ts";

/** Thrown past the Hono app when a service already wrote the Node response itself. */
class AnsweredOnNodeResponse extends Error {
  override name = "AnsweredOnNodeResponse";
}

/**
 * The Hono app as a `node:http` request listener (@hono/node-server), except that an answer a
 * service wrote on the Node response itself (the OAuth emulator's oidc-provider, a Koa app, which
 * then returns `RESPONSE_ALREADY_SENT`) is left alone. The adapter honours that marker only on a
 * standard Response; on its own lightweight one — what Hono rebuilds the marker into once a
 * middleware has touched the answer — it writes the headers a second time, fails and destroys the
 * socket right after a complete keep-alive answer, and a client that reuses the connection (undici,
 * as openid-client's code exchange) meets "other side closed". Here the adapter's error handler,
 * answering nothing, is the way to tell it the response is done; its other failures keep the
 * adapter's own answers (400 for a request it cannot read, 504 for a timeout, else 500).
 */
export function honoRequestListener(
  app: Hono<GatewayEnv>,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return getRequestListener(
    async (request, env: HttpBindings | Http2Bindings) => {
      const answer = await app.fetch(request, env);
      if (env.outgoing.headersSent) throw new AnsweredOnNodeResponse();
      return answer;
    },
    { errorHandler: adapterFailureAnswer },
  );
}

function adapterFailureAnswer(error: unknown): Response | undefined {
  if (error instanceof AnsweredOnNodeResponse) return undefined;
  if (error instanceof RequestError) return new Response(null, { status: 400 });
  const timedOut =
    error instanceof Error && (error.name === "TimeoutError" || error.constructor.name === "TimeoutError");
  return new Response(null, { status: timedOut ? 504 : 500 });
}
