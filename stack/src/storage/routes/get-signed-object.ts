import type { StorageRoute } from "../context.ts";
import { bucketAndKey, requestFacts } from "../context.ts";
import { findObjectAsService } from "../objects.ts";
import { renderObject } from "../object-response.ts";
import { verifySignedToken } from "../signing.ts";

function signedRead(method: "GET" | "HEAD"): StorageRoute {
  return {
    method,
    path: "/object/sign/:bucket/*",
    handler: async (c, ctx) => {
      const [bucket, key] = bucketAndKey(c, 2);
      const claims = await verifySignedToken(ctx, c.req.query("token"), `${bucket}/${key}`, "download");
      const row = await findObjectAsService(ctx, requestFacts(c, "storage.object.get_signed"), bucket, key);
      const expires = new Date((claims.exp ?? 0) * 1000);
      return renderObject(ctx, row, { method, headers: c.req.raw.headers, download: c.req.query("download"), expires });
    },
  };
}

/** `GET /object/sign/{bucket}/{path}?token=` — a signed URL: the token decides, read as the service role. */
export const getSignedObjectRoute = signedRead("GET");
export const headSignedObjectRoute = signedRead("HEAD");
