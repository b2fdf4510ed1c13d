import type { Context } from "hono";
import type { GatewayEnv } from "../../gateway/index.ts";
import type { AuthCore } from "../core.ts";

export type AuthContext = Context<GatewayEnv>;

/** One endpoint: method, path relative to `/auth/v1`, handler (validate → one domain call → respond). */
export interface AuthRoute {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  handle: (c: AuthContext, core: AuthCore) => Promise<Response>;
}

/** Declares an endpoint; the service mounts every route the same way. */
export const route = (method: AuthRoute["method"], path: string, handle: AuthRoute["handle"]): AuthRoute => ({
  method,
  path,
  handle,
});
