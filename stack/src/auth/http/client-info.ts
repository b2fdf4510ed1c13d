import { getConnInfo } from "@hono/node-server/conninfo";
import type { ClientInfo } from "../sessions/session-store.ts";
import type { AuthContext } from "./route.ts";

/** The caller's socket address and user agent (per-IP limits, sessions, audit rows). */
export function clientInfo(c: AuthContext): ClientInfo {
  let ip: string | null;
  try {
    ip = getConnInfo(c).remote.address ?? null;
  } catch {
    ip = null;
  }
  return { ip: ip?.replace(/^::ffff:/, "") ?? null, userAgent: c.req.header("user-agent") ?? null };
}
