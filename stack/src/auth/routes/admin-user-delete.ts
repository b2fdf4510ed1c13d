import { z } from "zod";
import { readBody } from "../http/body.ts";
import { requireAdmin } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { adminDeleteUser } from "../users/admin-delete-user.ts";
import { userIdParam } from "./admin-user-get.ts";

const body = z.object({ should_soft_delete: z.boolean().default(false) });

/** DELETE /admin/users/{id} (`admin.deleteUser`) → `{}`. */
export const adminUserDeleteRoute = route("delete", "/admin/users/:id", async (c, core) => {
  requireAdmin(c);
  const id = userIdParam(c.req.param("id") ?? "");
  const input = await readBody(c, body);
  await adminDeleteUser(core, id, input.should_soft_delete, clientInfo(c).ip);
  return c.json({});
});
