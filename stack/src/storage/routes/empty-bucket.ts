import { emptyBucket } from "../buckets.ts";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { errors } from "../errors.ts";

/** `POST /bucket/{id}/empty` — emptyBucket(): service role only (storage v1.70); done synchronously. */
export const emptyBucketRoute: StorageRoute = {
  method: "POST",
  path: "/bucket/:id/empty",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    if (caller.role !== "service_role") throw errors.invalidRole();
    await emptyBucket(ctx, requestFacts(c, "storage.bucket.empty"), c.req.param("id") ?? "");
    return c.json({ message: "Empty bucket has been queued. Completion may take up to an hour." });
  },
};
