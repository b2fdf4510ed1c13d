import { findReadableObject, type ReadAccess } from "../object-access.ts";
import { renderInfo, renderObject } from "../object-response.ts";
import type { StorageRoute } from "../context.ts";

/** A download/HEAD/info route over {bucket}/{path} after `fixedSegments` fixed words. */
export function readRoute(
  method: "GET" | "HEAD",
  path: string,
  fixedSegments: number,
  access: ReadAccess,
  operation: string,
  kind: "object" | "info" = "object",
): StorageRoute {
  return {
    method,
    path,
    handler: async (c, ctx) => {
      const row = await findReadableObject(c, ctx, access, fixedSegments, operation);
      if (kind === "info") return renderInfo(row);
      return renderObject(ctx, row, { method, headers: c.req.raw.headers, download: c.req.query("download") });
    },
  };
}
