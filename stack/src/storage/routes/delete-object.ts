import { requireCaller } from "../caller.ts";
import { bucketAndKey, requestFacts, type StorageRoute } from "../context.ts";
import { errors } from "../errors.ts";
import { deleteObject } from "../object-changes.ts";

/** `DELETE /object/{bucket}/{path}`: one object; nothing deleted by policy → AccessDenied. */
export const deleteObjectRoute: StorageRoute = {
  method: "DELETE",
  path: "/object/:bucket/*",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const [bucket, key] = bucketAndKey(c, 1);
    if (!key) throw errors.invalidKey(key);
    await deleteObject(ctx, caller, requestFacts(c, "storage.object.delete"), bucket, key);
    return c.json({ message: "Successfully deleted" });
  },
};
