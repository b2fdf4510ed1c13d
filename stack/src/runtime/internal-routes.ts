import { Hono } from "hono";
import { safeEqual, type GatewayEnv, type KeyRing, type StoredSigningKey } from "../gateway/index.ts";

/** The stack's own endpoints under `/_parley`, for its CLI; the secret key is required. */
export function internalRoutes(
  keys: KeyRing,
  resetDatabase: (seed: boolean) => Promise<string[]>,
  reloadKeys: () => Promise<StoredSigningKey[]>,
): Hono<GatewayEnv> {
  const internal = new Hono<GatewayEnv>();
  internal.use("*", async (c, next) => {
    if (!safeEqual(c.req.header("apikey") ?? "", keys.secretKey)) return c.json({ message: "Invalid API key" }, 401);
    return next();
  });
  internal.post("/db/reset", async (c) => {
    // `db reset --no-seed` asks with ?seed=false
    const log = await resetDatabase(c.req.query("seed") !== "false");
    // the CLI prints what was applied, as `supabase db reset` does
    return c.json({ message: "Finished db reset.", log });
  });
  // `parley-stack keys rotate|retire|reload`: the ring is swapped in place, no restart needed
  internal.post("/keys/reload", async (c) => {
    try {
      const active = await reloadKeys();
      return c.json({ message: "Reloaded signing keys.", kids: active.map((key) => key.kid) });
    } catch (error) {
      // a broken key file keeps the current keys in use; the CLI prints why
      return c.json({ message: (error as Error).message }, 400);
    }
  });
  return internal;
}
