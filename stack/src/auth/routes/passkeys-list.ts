import { requireUser } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { listPasskeys, passkeyJson } from "../webauthn/credential-store.ts";
import { requirePasskeysEnabled } from "../webauthn/passkeys-enabled.ts";

/** GET /passkeys (`auth.passkey.list`): the caller's passkeys, oldest first. */
export const passkeysListRoute = route("get", "/passkeys", async (c, core) => {
  requirePasskeysEnabled(core);
  const { user } = await requireUser(c, core);
  return c.json((await listPasskeys(core.pool, user.id)).map(passkeyJson));
});
