import { z } from "zod";
import { updateBucket } from "../buckets.ts";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { errors } from "../errors.ts";
import { parseAllowedMimeTypes, parseFileSizeLimit } from "../limits.ts";
import { jsonBody } from "../validation.ts";
import { allowedMimeTypesField, fileSizeLimitField } from "./bucket-body.ts";

const updateBody = z.object({
  public: z.boolean().optional(),
  file_size_limit: fileSizeLimitField,
  allowed_mime_types: allowedMimeTypesField,
});

/** `PUT /bucket/{id}` — updateBucket(): only the given fields change; UPDATE as the caller. */
export const updateBucketRoute: StorageRoute = {
  method: "PUT",
  path: "/bucket/:id",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const body = await jsonBody(c, updateBody);
    if (body.public === undefined && body.file_size_limit === undefined && body.allowed_mime_types === undefined) {
      throw errors.invalidRequest("body must have at least one of 'public', 'file_size_limit', 'allowed_mime_types'");
    }
    const fileSizeLimit = parseFileSizeLimit(body.file_size_limit);
    if (fileSizeLimit && fileSizeLimit > ctx.globalFileSizeLimit) throw errors.entityTooLarge();
    const changes: Parameters<typeof updateBucket>[4] = {};
    if (body.public !== undefined) changes.public = body.public;
    if (fileSizeLimit !== undefined) changes.file_size_limit = fileSizeLimit;
    const mimeTypes = parseAllowedMimeTypes(body.allowed_mime_types);
    if (mimeTypes !== undefined) changes.allowed_mime_types = mimeTypes;
    await updateBucket(ctx, caller, requestFacts(c, "storage.bucket.update"), c.req.param("id") ?? "", changes);
    return c.json({ message: "Successfully updated" });
  },
};
