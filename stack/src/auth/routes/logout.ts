import { validation } from "../errors.ts";
import { requireUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { logout, type LogoutScope } from "../sessions/logout.ts";

const SCOPES = new Set<LogoutScope>(["global", "local", "others"]);

/** POST /logout?scope=global|local|others → 204. */
export const logoutRoute = route("post", "/logout", async (c, core) => {
  const scope = (c.req.query("scope") ?? "global") as LogoutScope;
  if (!SCOPES.has(scope)) throw validation(`Unsupported logout scope "${scope}"`);
  const caller = await requireUser(c, core);
  await logout(core, caller.user, caller.session?.id, scope, clientInfo(c));
  return c.body(null, 204);
});
