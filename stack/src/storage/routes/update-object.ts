import type { StorageRoute } from "../context.ts";
import { handleUpload } from "./upload-object.ts";

/** `PUT /object/{bucket}/{path}` — update(): an upsert, creating the object if missing. */
export const updateObjectRoute: StorageRoute = {
  method: "PUT",
  path: "/object/:bucket/*",
  handler: (c, ctx) => handleUpload(c, ctx, true, "storage.object.upload_update"),
};
