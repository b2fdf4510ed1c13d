import { requireUser } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { listFactors } from "../mfa/factor-store.ts";
import { factorJson } from "../users/factor-json.ts";
import { listIdentities } from "../users/user-queries.ts";
import { userJson } from "../users/user-json.ts";

/** GET /user: the caller's user with identities, and `factors` when it has any. */
export const userGetRoute = route("get", "/user", async (c, core) => {
  const { user } = await requireUser(c, core);
  const factors = await listFactors(core.pool, user.id);
  const json = userJson(user, await listIdentities(core.pool, user.id));
  return c.json(factors.length > 0 ? { ...json, factors: factors.map(factorJson) } : json);
});
