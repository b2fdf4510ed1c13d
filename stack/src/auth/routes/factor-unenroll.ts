import { requireNonAnonymousUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { findOwnedFactor } from "../mfa/factor-store.ts";
import { unenrolFactor } from "../mfa/unenroll.ts";

/** DELETE /factors/{id} (`mfa.unenroll`): answers `{id}`; a verified factor needs aal2. */
export const factorUnenrollRoute = route("delete", "/factors/:factorId", async (c, core) => {
  const { user, session } = await requireNonAnonymousUser(c, core);
  const factor = await findOwnedFactor(core.pool, user.id, c.req.param("factorId") ?? "");
  return c.json(await unenrolFactor(core, { user, session, factor, ip: clientInfo(c).ip }));
});
