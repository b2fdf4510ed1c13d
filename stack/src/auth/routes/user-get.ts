import { requireUser } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { listIdentities } from "../users/user-queries.ts";
import { userJson } from "../users/user-json.ts";

/** GET /user: the caller's user with identities (auth.md §2.6). */
export const userGetRoute = route("get", "/user", async (c, core) => {
  const { user } = await requireUser(c, core);
  return c.json(userJson(user, await listIdentities(core.pool, user.id)));
});
