import { bucketAndKey, requestFacts, type StorageRoute } from "../context.ts";
import { optionsFromClaims } from "../image-options.ts";
import { renderImage } from "../image-render.ts";
import { findObjectAsService } from "../objects.ts";
import { verifySignedToken } from "../signing.ts";

/** `GET /render/image/sign/{bucket}/{path}?token=`: transformations come only from the token. */
export const renderSignedImageRoute: StorageRoute = {
  method: "GET",
  path: "/render/image/sign/:bucket/*",
  handler: async (c, ctx) => {
    const [bucket, key] = bucketAndKey(c, 3);
    const claims = await verifySignedToken(ctx, c.req.query("token"), `${bucket}/${key}`, "download");
    const row = await findObjectAsService(ctx, requestFacts(c, "storage.render.image_sign"), bucket, key);
    const options = optionsFromClaims(claims.transformations, claims.format);
    return renderImage(ctx, row, options, c.req.raw.headers, {
      download: c.req.query("download"),
      expires: new Date((claims.exp ?? 0) * 1000),
    });
  },
};
