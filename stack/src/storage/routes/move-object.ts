import { z } from "zod";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { moveObject } from "../object-changes.ts";
import { jsonBody } from "../validation.ts";

export const relocationBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
});

/** `POST /object/move` — move(): same row (same id) under the new name/bucket. */
export const moveObjectRoute: StorageRoute = {
  method: "POST",
  path: "/object/move",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const body = await jsonBody(c, relocationBody);
    await moveObject(ctx, caller, requestFacts(c, "storage.object.move"), {
      ...body,
      destinationBucket: body.destinationBucket || body.bucketId,
    });
    return c.json({ message: "Successfully moved" });
  },
};
