import { Hono } from "hono";
import type { GatewayEnv } from "../context.ts";
import { toWebResponse } from "./answer-headers.ts";
import type { ServiceHandler, ServiceRequest } from "./service-request.ts";

/**
 * A service's handler as Hono routes, for the requests the native path leaves to Hono (an
 * absolute-form request target, say): the service sees the same `ServiceRequest` either way.
 * The gateway's Hono middleware has already run (request id, client, CORS, key, body limit).
 */
export function honoRoutes(basePath: string, handle: ServiceHandler): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  app.all("*", async (c) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of c.req.raw.headers) headers[name] = value;
    const request: ServiceRequest = {
      method: c.req.method,
      url: new URL(c.req.url),
      path: c.req.path.slice(basePath.length),
      headers,
      auth: c.get("auth"),
      client: c.get("client"),
      requestId: c.get("requestId"),
      text: () => c.req.text(),
      bytes: async () => Buffer.from(await c.req.arrayBuffer()),
    };
    return toWebResponse(await handle(request));
  });
  return app;
}
