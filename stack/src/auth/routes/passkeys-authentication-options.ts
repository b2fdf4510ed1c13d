import { route } from "../http/route.ts";
import { requirePasskeysEnabled } from "../webauthn/passkeys-enabled.ts";
import { startPasskeyAuthentication } from "../webauthn/passkey-authentication.ts";

/** POST /passkeys/authentication/options (`auth.passkey.startAuthentication`, `signInWithPasskey`): no bearer needed. */
export const passkeysAuthenticationOptionsRoute = route("post", "/passkeys/authentication/options", async (c, core) => {
  requirePasskeysEnabled(core);
  return c.json(await startPasskeyAuthentication(core));
});
