import { requireCaller } from "../caller.ts";
import { bucketAndKey, requestFacts, type StorageRoute } from "../context.ts";
import { findBucketAsService } from "../buckets.ts";
import { mustBeValidKey } from "../limits.ts";
import { testUploadPermission } from "../objects.ts";
import { signUploadToken } from "../signing.ts";
import { parseMetadataHeader } from "../upload-body.ts";

/**
 * `POST /object/upload/sign/{bucket}/{path}` — createSignedUploadUrl(): runs the upload permission
 * test as the caller now; the token then lets anyone holding it upload as that caller.
 */
export const signUploadRoute: StorageRoute = {
  method: "POST",
  path: "/object/upload/sign/:bucket/*",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const [bucket, key] = bucketAndKey(c, 3);
    const facts = requestFacts(c, "storage.object.sign_upload_url");
    await findBucketAsService(ctx, facts, bucket);
    mustBeValidKey(key);
    const upsert = c.req.header("x-upsert") === "true";
    const length = Number(c.req.header("content-length") ?? Number.NaN);
    await testUploadPermission(ctx, caller, facts, {
      bucket,
      key,
      upsert,
      mimetype: c.req.header("content-type") ?? "application/octet-stream",
      contentLength: Number.isFinite(length) ? length : undefined,
      userMetadata: parseMetadataHeader(c.req.header("x-metadata") ?? null),
      owner: caller,
    });
    const token = await signUploadToken(ctx, `${bucket}/${key}`, caller.ownerId, upsert);
    return c.json({ url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
  },
};
