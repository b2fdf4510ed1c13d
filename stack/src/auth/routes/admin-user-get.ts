import { ErrorCode, notFound } from "../errors.ts";
import { isUuid, requireAdmin } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { findUserById, listIdentities } from "../users/user-queries.ts";
import { userJson } from "../users/user-json.ts";

/** The `{id}` path parameter: 404 `validation_failed` when not a UUID (auth: admin.go loadUser). */
export function userIdParam(id: string): string {
  if (!isUuid(id)) throw notFound(ErrorCode.validation_failed, "user_id must be an UUID");
  return id;
}

/** GET /admin/users/{id} (`admin.getUserById`). */
export const adminUserGetRoute = route("get", "/admin/users/:id", async (c, core) => {
  requireAdmin(c);
  const id = userIdParam(c.req.param("id") ?? "");
  const user = await findUserById(core.pool, id);
  if (!user) throw notFound(ErrorCode.user_not_found, "User not found");
  return c.json(userJson(user, await listIdentities(core.pool, id)));
});
