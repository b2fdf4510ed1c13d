import { bucketAndKey, requestFacts, type StorageRoute } from "../context.ts";
import { findObjectAsService } from "../objects.ts";
import { renderObject } from "../object-response.ts";
import { verifySignedToken } from "../signing.ts";

/**
 * `GET|HEAD /object/sign/{bucket}/{path}?token=` — a signed URL: the token decides, read as the
 * service role.
 */
export const getSignedObjectRoute: StorageRoute = {
  method: "GET",
  path: "/object/sign/:bucket/*",
  handler: async (c, ctx) => {
    const method = c.req.method === "HEAD" ? "HEAD" : "GET";
    const [bucket, key] = bucketAndKey(c, 2);
    const claims = await verifySignedToken(ctx, c.req.query("token"), `${bucket}/${key}`, "download");
    const row = await findObjectAsService(ctx, requestFacts(c, "storage.object.get_signed"), bucket, key);
    const expires = new Date((claims.exp ?? 0) * 1000);
    return renderObject(ctx, row, { method, headers: c.req.raw.headers, download: c.req.query("download"), expires });
  },
};
