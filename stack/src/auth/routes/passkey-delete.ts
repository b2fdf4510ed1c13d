import { requireUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { requirePasskeysEnabled } from "../webauthn/passkeys-enabled.ts";
import { deletePasskey } from "../webauthn/passkey-manage.ts";

/** DELETE /passkeys/{id} (`auth.passkey.delete`): 204 with no body. */
export const passkeyDeleteRoute = route("delete", "/passkeys/:passkeyId", async (c, core) => {
  requirePasskeysEnabled(core);
  const { user, session } = await requireUser(c, core);
  await deletePasskey(core, { user, session, passkeyId: c.req.param("passkeyId") ?? "", ip: clientInfo(c).ip });
  return c.body(null, 204);
});
