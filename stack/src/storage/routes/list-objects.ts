import { z } from "zod";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { listObjectsV1 } from "../listing.ts";
import { jsonBody } from "../validation.ts";

const listBody = z.object({
  prefix: z.string(),
  limit: z.number().int().min(1).optional(),
  offset: z.number().int().min(0).optional(),
  sortBy: z
    .object({
      column: z.enum(["name", "updated_at", "created_at", "last_accessed_at"]),
      order: z.enum(["asc", "desc"]).optional(),
    })
    .optional(),
  search: z.string().optional(),
});

/** `POST /object/list/{bucket}` — list(): storage.search as the caller. */
export const listObjectsRoute: StorageRoute = {
  method: "POST",
  path: "/object/list/:bucket",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const body = await jsonBody(c, listBody);
    return c.json(
      await listObjectsV1(ctx, caller, requestFacts(c, "storage.object.list"), c.req.param("bucket") ?? "", body),
    );
  },
};
