import { findReadableObject, type ReadAccess } from "../object-access.ts";
import type { StorageRoute } from "../context.ts";
import { parseTransformQuery } from "../image-options.ts";
import { renderImage } from "../image-render.ts";

/**
 * `GET /render/image/{public|authenticated}/{bucket}/{path}` — download({transform}) and
 * getPublicUrl({transform}). Authenticated renders read the row as the caller even in public buckets.
 */
function renderRoute(access: Extract<ReadAccess, "public" | "authenticated">): StorageRoute {
  return {
    method: "GET",
    path: `/render/image/${access}/:bucket/*`,
    handler: async (c, ctx) => {
      const options = parseTransformQuery(c.req.query());
      const row = await findReadableObject(
        c,
        ctx,
        access === "authenticated" ? "render-authenticated" : "public",
        3,
        `storage.render.image_${access}`,
      );
      return renderImage(ctx, row, options, c.req.raw.headers, { download: c.req.query("download") });
    },
  };
}

export const renderPublicImageRoute = renderRoute("public");
export const renderAuthenticatedImageRoute = renderRoute("authenticated");
