import { deleteBucket } from "../buckets.ts";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";

/** `DELETE /bucket/{id}` — deleteBucket(): refuses a non-empty bucket; DELETE as the caller. */
export const deleteBucketRoute: StorageRoute = {
  method: "DELETE",
  path: "/bucket/:id",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    await deleteBucket(ctx, caller, requestFacts(c, "storage.bucket.delete"), c.req.param("id") ?? "");
    return c.json({ message: "Successfully deleted" });
  },
};
