import { getBucket } from "../buckets.ts";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";

/** `GET /bucket/{id}` — getBucket(): as the caller; invisible or missing → NoSuchBucket. */
export const getBucketRoute: StorageRoute = {
  method: "GET",
  path: "/bucket/:id",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    return c.json(await getBucket(ctx, caller, requestFacts(c, "storage.bucket.get"), c.req.param("id") ?? ""));
  },
};
