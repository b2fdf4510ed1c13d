import type { Context } from "hono";
import type { GatewayEnv } from "../../gateway/index.ts";
import { requireCaller } from "../caller.ts";
import type { StorageRoute } from "../context.ts";
import { errors } from "../errors.ts";

/** Nothing is cached here: the service role gets upstream's success body, anyone else a real 403. */
async function purge(c: Context<GatewayEnv>): Promise<Response> {
  const caller = requireCaller(c, "required");
  if (caller.role !== "service_role") throw errors.invalidRole();
  return c.json({ message: "success", statusCode: "200" });
}

/** `DELETE /cdn/{bucket}` — purgeBucketCache(). */
export const purgeBucketCacheRoute: StorageRoute = { method: "DELETE", path: "/cdn/:bucket", handler: (c) => purge(c) };

/** `DELETE /cdn/{bucket}/{path}` — purgeCache(path). */
export const purgeObjectCacheRoute: StorageRoute = {
  method: "DELETE",
  path: "/cdn/:bucket/*",
  handler: (c) => purge(c),
};
