import { z } from "zod";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { listObjectsV2 } from "../listing.ts";
import { jsonBody } from "../validation.ts";

const listBody = z.object({
  prefix: z.string().optional(),
  limit: z.number().int().min(1).optional(),
  cursor: z.string().optional(),
  with_delimiter: z.boolean().optional(),
  sortBy: z
    .object({ column: z.enum(["name", "updated_at", "created_at"]), order: z.enum(["asc", "desc"]).optional() })
    .optional(),
});

/** `POST /object/list-v2/{bucket}` — listV2(): cursor pages, optional one-level folders. */
export const listObjectsV2Route: StorageRoute = {
  method: "POST",
  path: "/object/list-v2/:bucket",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const body = await jsonBody(c, listBody);
    const result = await listObjectsV2(
      ctx,
      caller,
      requestFacts(c, "storage.object.list_v2"),
      c.req.param("bucket") ?? "",
      {
        prefix: body.prefix,
        limit: body.limit,
        cursor: body.cursor,
        withDelimiter: body.with_delimiter,
        sortBy: body.sortBy,
      },
    );
    return c.json(result);
  },
};
