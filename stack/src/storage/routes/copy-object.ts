import { z } from "zod";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { copyObject, serializeObject } from "../object-changes.ts";
import { parseMetadataHeader } from "../upload-body.ts";
import { jsonBody } from "../validation.ts";
import { relocationBody } from "./move-object.ts";

const copyBody = relocationBody.extend({
  copyMetadata: z.boolean().optional(),
  metadata: z.object({ cacheControl: z.string().optional(), mimetype: z.string().optional() }).optional(),
});

/** `POST /object/copy` — copy(): a new row (new id) owned by the caller; replies `Key` = destBucket/destKey. */
export const copyObjectRoute: StorageRoute = {
  method: "POST",
  path: "/object/copy",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const body = await jsonBody(c, copyBody);
    const destinationBucket = body.destinationBucket || body.bucketId;
    const row = await copyObject(ctx, caller, requestFacts(c, "storage.object.copy"), {
      ...body,
      destinationBucket,
      upsert: c.req.header("x-upsert") === "true",
      copyMetadata: body.copyMetadata ?? true,
      metadata: body.metadata,
      userMetadata: parseMetadataHeader(c.req.header("x-metadata") ?? null),
    });
    return c.json({ Id: row.id, Key: `${destinationBucket}/${body.destinationKey}`, ...serializeObject(row) });
  },
};
