import { requireNonAnonymousUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { requirePasskeysEnabled } from "../webauthn/passkeys-enabled.ts";
import { startPasskeyRegistration } from "../webauthn/passkey-registration.ts";

/** POST /passkeys/registration/options (`auth.passkey.startRegistration`, `registerPasskey`). */
export const passkeysRegistrationOptionsRoute = route("post", "/passkeys/registration/options", async (c, core) => {
  requirePasskeysEnabled(core);
  const { user, session } = await requireNonAnonymousUser(c, core);
  return c.json(await startPasskeyRegistration(core, { user, session, ip: clientInfo(c).ip }));
});
