import { z } from "zod";
import { listBuckets } from "../buckets.ts";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { queryParams } from "../validation.ts";

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortColumn: z.enum(["id", "name", "created_at", "updated_at"]).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
  search: z.string().optional(),
});

/** `GET /bucket` — listBuckets(): the buckets the caller's SELECT policies show. */
export const listBucketsRoute: StorageRoute = {
  method: "GET",
  path: "/bucket",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const options = queryParams(c, listQuery);
    return c.json(await listBuckets(ctx, caller, requestFacts(c, "storage.bucket.list"), options));
  },
};
