import type { StorageRoute } from "../context.ts";
import { handleUpload } from "./upload-object.ts";

/** `POST /object/{bucket}/{path}` — upload(). */
export const createObjectRoute: StorageRoute = {
  method: "POST",
  path: "/object/:bucket/*",
  handler: (c, ctx) => handleUpload(c, ctx, c.req.header("x-upsert") === "true", "storage.object.upload"),
};
