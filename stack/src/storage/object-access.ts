// Who may read an object (src/http/routes/object/getObject.ts, getPublicObject.ts):
// public buckets are read as the service role, private ones as the caller, so a
// private object the caller may not see is "Object not found", never 403.
import type { Context } from "hono";
import type { GatewayEnv } from "../gateway/index.ts";
import { findBucketAsService } from "./buckets.ts";
import { requireCaller } from "./caller.ts";
import { bucketAndKey, requestFacts, type StorageContext } from "./context.ts";
import { errors } from "./errors.ts";
import { findObjectAs, findObjectAsService, type ObjectRow } from "./objects.ts";

/**
 * `public`: no token, bucket must be public. `authenticated`: JWT required. `optional`: either.
 * `render-authenticated`: JWT required and the row always read as the caller (authenticated renders).
 */
export type ReadAccess = "public" | "authenticated" | "optional" | "render-authenticated";

/**
 * Finds the object a read route names, applying that route's access rule.
 * @example const row = await findReadableObject(c, ctx, "optional", 1, "storage.object.get_authenticated");
 */
export async function findReadableObject(
  c: Context<GatewayEnv>,
  ctx: StorageContext,
  access: ReadAccess,
  fixedSegments: number,
  operation: string,
): Promise<ObjectRow> {
  const [bucketId, key] = bucketAndKey(c, fixedSegments);
  const facts = requestFacts(c, operation);
  const caller = access === "public" ? undefined : requireCaller(c, access === "optional" ? "optional" : "required");
  const bucket = await findBucketAsService(ctx, facts, bucketId);
  const anonymous = caller === undefined || caller.token === null;
  if (anonymous && !bucket.public) throw errors.noSuchBucket();
  if (!key) throw errors.invalidKey(key);
  if (caller === undefined || (bucket.public && access !== "render-authenticated"))
    return findObjectAsService(ctx, facts, bucketId, key);
  return findObjectAs(ctx, caller, facts, bucketId, key);
}
