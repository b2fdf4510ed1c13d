import { findReadableObject, type ReadAccess } from "../object-access.ts";
import { renderInfo, renderObject } from "../object-response.ts";
import type { StorageRoute } from "../context.ts";

/**
 * A download/info route over {bucket}/{path} after `fixedSegments` fixed words. HEAD requests
 * reach it too (the gateway's Hono dispatches HEAD to GET routes) and get headers only.
 */
export function readRoute(
  path: string,
  fixedSegments: number,
  access: ReadAccess,
  operation: string,
  kind: "object" | "info" = "object",
): StorageRoute {
  return {
    method: "GET",
    path,
    handler: async (c, ctx) => {
      const method = c.req.method === "HEAD" ? "HEAD" : "GET";
      const row = await findReadableObject(c, ctx, access, fixedSegments, operation);
      if (kind === "info") return renderInfo(row);
      return renderObject(ctx, row, { method, headers: c.req.raw.headers, download: c.req.query("download") });
    },
  };
}
