import { z } from "zod";
import { requireCaller } from "../caller.ts";
import { bucketAndKey, requestFacts, type StorageRoute } from "../context.ts";
import { findObjectAs } from "../objects.ts";
import { transformationClaims } from "../image-options.ts";
import { mustBeExpiresIn, signDownloadToken } from "../signing.ts";
import { jsonBody } from "../validation.ts";

const signBody = z.object({
  expiresIn: z.unknown(),
  transform: z
    .object({
      width: z.number().optional(),
      height: z.number().optional(),
      resize: z.string().optional(),
      format: z.string().optional(),
      quality: z.number().optional(),
    })
    .optional(),
});

/**
 * `POST /object/sign/{bucket}/{path}` — createSignedUrl(): the caller must see the row (SELECT
 * policy, even in public buckets). The path comes back raw: storage-js encodes it.
 */
export const signObjectRoute: StorageRoute = {
  method: "POST",
  path: "/object/sign/:bucket/*",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const [bucket, key] = bucketAndKey(c, 2);
    const body = await jsonBody(c, signBody);
    const expiresIn = mustBeExpiresIn(body.expiresIn);
    await findObjectAs(ctx, caller, requestFacts(c, "storage.object.sign"), bucket, key);
    const transform = ctx.imageTransformation && body.transform ? transformationClaims(body.transform) : undefined;
    const token = await signDownloadToken(ctx, `${bucket}/${key}`, expiresIn, transform ?? {});
    const base = transform?.transformations ? "/render/image/sign" : "/object/sign";
    return c.json({ signedURL: `${base}/${bucket}/${key}?token=${token}` });
  },
};
