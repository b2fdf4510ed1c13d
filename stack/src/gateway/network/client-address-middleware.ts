import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { GatewayEnv } from "../context.ts";
import { clientAddress } from "./client-address.ts";
import type { TrustedProxies } from "./trusted-proxies.ts";

/** Sets `c.get("client")` for every request: the caller's address behind trusted proxies. */
export function clientAddressMiddleware(proxies: TrustedProxies): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    let socket: string | undefined;
    try {
      socket = getConnInfo(c).remote.address;
    } catch {
      socket = undefined; // not served by Node (app.request in unit tests)
    }
    c.set("client", clientAddress(socket, c.req.header("x-forwarded-for"), c.req.header("x-forwarded-proto"), proxies));
    return next();
  };
}
