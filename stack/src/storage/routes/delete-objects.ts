import { z } from "zod";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { deleteObjects, serializeObject } from "../object-changes.ts";
import { jsonBody } from "../validation.ts";

const deleteBody = z.object({ prefixes: z.array(z.string()).min(1) });

/** `DELETE /object/{bucket}` — remove(paths): `prefixes` are exact keys; replies the deleted rows. */
export const deleteObjectsRoute: StorageRoute = {
  method: "DELETE",
  path: "/object/:bucket",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const body = await jsonBody(c, deleteBody);
    const rows = await deleteObjects(
      ctx,
      caller,
      requestFacts(c, "storage.object.delete_many"),
      c.req.param("bucket") ?? "",
      body.prefixes,
    );
    return c.json(rows.map(serializeObject));
  },
};
