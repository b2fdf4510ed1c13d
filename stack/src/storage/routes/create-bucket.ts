import { z } from "zod";
import { createBucket } from "../buckets.ts";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { errors } from "../errors.ts";
import { mustBeValidBucketName, parseAllowedMimeTypes, parseFileSizeLimit } from "../limits.ts";
import { jsonBody } from "../validation.ts";
import { allowedMimeTypesField, fileSizeLimitField } from "./bucket-body.ts";

const createBody = z.object({
  name: z.string(),
  id: z.string().optional(),
  public: z.boolean().optional(),
  type: z.enum(["STANDARD", "ANALYTICS"]).optional(),
  file_size_limit: fileSizeLimitField,
  allowed_mime_types: allowedMimeTypesField,
});

/** `POST /bucket` — createBucket(): INSERT as the caller; replies `{ name }`. */
export const createBucketRoute: StorageRoute = {
  method: "POST",
  path: "/bucket",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const body = await jsonBody(c, createBody);
    const id = body.id || body.name;
    mustBeValidBucketName(id);
    if (body.type === "ANALYTICS") throw errors.featureNotEnabled("iceberg_catalog");
    const fileSizeLimit = parseFileSizeLimit(body.file_size_limit);
    if (fileSizeLimit && fileSizeLimit > ctx.globalFileSizeLimit) throw errors.entityTooLarge();
    await createBucket(ctx, caller, requestFacts(c, "storage.bucket.create"), {
      id,
      public: body.public ?? false,
      file_size_limit: fileSizeLimit ?? null,
      allowed_mime_types: parseAllowedMimeTypes(body.allowed_mime_types) ?? null,
    });
    return c.json({ name: id });
  },
};
