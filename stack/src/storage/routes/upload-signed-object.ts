import { bucketAndKey, requestFacts, type StorageRoute } from "../context.ts";
import { verifySignedToken } from "../signing.ts";
import { uploadObject } from "../uploader.ts";

/**
 * `PUT /object/upload/sign/{bucket}/{path}?token=` — uploadToSignedUrl(): owner and upsert come
 * from the token (the request's x-upsert is ignored); no policy check, as upstream.
 */
export const uploadSignedObjectRoute: StorageRoute = {
  method: "PUT",
  path: "/object/upload/sign/:bucket/*",
  handler: async (c, ctx) => {
    const [bucket, key] = bucketAndKey(c, 3);
    const claims = await verifySignedToken(ctx, c.req.query("token"), `${bucket}/${key}`, "upload");
    await uploadObject(ctx, requestFacts(c, "storage.object.upload_signed"), c.req.raw, {
      bucket,
      key,
      upsert: claims.upsert === true,
      caller: null,
      owner: { ownerId: claims.owner },
    });
    return c.json({ Key: `${bucket}/${key}` });
  },
};
