import { readBody } from "../http/body.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { ceremonyBodySchema, parseCeremonyBody } from "../webauthn/ceremony-body.ts";
import { asAuthenticationResponse, authenticationResponseSchema } from "../webauthn/credential-json.ts";
import { requirePasskeysEnabled } from "../webauthn/passkeys-enabled.ts";
import { finishPasskeyAuthentication } from "../webauthn/passkey-authentication.ts";

/** POST /passkeys/authentication/verify (`auth.passkey.verifyAuthentication`): a session with amr `passkey`. */
export const passkeysAuthenticationVerifyRoute = route("post", "/passkeys/authentication/verify", async (c, core) => {
  requirePasskeysEnabled(core);
  const body = parseCeremonyBody(await readBody(c, ceremonyBodySchema), authenticationResponseSchema);
  return c.json(
    await finishPasskeyAuthentication(core, {
      challengeId: body.challengeId,
      credential: asAuthenticationResponse(body.credential),
      client: clientInfo(c),
    }),
  );
});
