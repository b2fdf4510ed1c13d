import type { ClientInfo } from "../sessions/session-store.ts";
import type { AuthCall } from "./auth-call.ts";
import type { AuthContext } from "./route.ts";

/**
 * The caller's address (the gateway's, behind trusted proxies) and user agent: per-IP limits,
 * sessions, audit rows.
 */
export function clientInfo(c: AuthContext): ClientInfo {
  return { ip: c.get("client")?.ip ?? null, userAgent: c.req.header("user-agent") ?? null };
}

/** {@link clientInfo} for an endpoint served on both gateway paths. */
export function callerClientInfo(call: AuthCall): ClientInfo {
  return { ip: call.client?.ip ?? null, userAgent: call.header("user-agent") ?? null };
}
