import type { Context } from "hono";
import type { GatewayEnv } from "./context.ts";
import type { CorsPolicy } from "./cors.ts";

/**
 * The allow-list (production mode) for a service that answers CORS itself — edge functions, which
 * on hosted Supabase set their own headers, typically the docs' `Access-Control-Allow-Origin: *`.
 * Where the gateway limits origins to the site, a function's answer follows the same list:
 *
 * - `*` is narrowed: an allowed origin is echoed instead, any other origin (or none) gets no
 *   `Access-Control-Allow-Origin`, so the browser refuses the answer as it would from REST or auth;
 * - a preflight the function leaves without `Access-Control-Allow-Origin` (no OPTIONS handling)
 *   gets the gateway's own preflight answer, the one REST, auth and storage give;
 * - an answer naming its own origin is the function's choice and is left alone.
 */
export async function applyAllowListToOwnCors(c: Context<GatewayEnv>, policy: CorsPolicy): Promise<void> {
  const own = c.res.headers.get("access-control-allow-origin");
  if (own === null) {
    const preflight = policy.preflight({
      method: c.req.method,
      origin: c.req.header("origin"),
      accessControlRequestMethod: c.req.header("access-control-request-method"),
      accessControlRequestHeaders: c.req.header("access-control-request-headers"),
    });
    if (preflight) await replaceAnswer(c, new Response(null, preflight));
    return;
  }
  if (own.trim() !== "*") return;
  const origin = policy.originToEcho(c.req.header("origin"));
  if (origin === undefined || c.req.header("origin") === undefined) {
    c.res.headers.delete("access-control-allow-origin");
  } else {
    c.res.headers.set("access-control-allow-origin", origin);
  }
  c.res.headers.append("vary", "Origin");
}

/** Hono merges the old answer's headers into a new one: drop them (and its body) first. */
async function replaceAnswer(c: Context<GatewayEnv>, answer: Response): Promise<void> {
  await c.res.body?.cancel().catch(() => undefined);
  for (const name of [...c.res.headers.keys()]) c.res.headers.delete(name);
  c.res = answer;
}
