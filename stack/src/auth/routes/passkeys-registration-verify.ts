import { readBody } from "../http/body.ts";
import { requireNonAnonymousUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { ceremonyBodySchema, parseCeremonyBody } from "../webauthn/ceremony-body.ts";
import { asRegistrationResponse, registrationResponseSchema } from "../webauthn/credential-json.ts";
import { requirePasskeysEnabled } from "../webauthn/passkeys-enabled.ts";
import { finishPasskeyRegistration } from "../webauthn/passkey-registration.ts";

/** POST /passkeys/registration/verify (`auth.passkey.verifyRegistration`): stores the new passkey. */
export const passkeysRegistrationVerifyRoute = route("post", "/passkeys/registration/verify", async (c, core) => {
  requirePasskeysEnabled(core);
  const { user, session } = await requireNonAnonymousUser(c, core);
  const body = parseCeremonyBody(await readBody(c, ceremonyBodySchema), registrationResponseSchema);
  const caller = { user, session, ip: clientInfo(c).ip };
  return c.json(
    await finishPasskeyRegistration(core, caller, {
      challengeId: body.challengeId,
      credential: asRegistrationResponse(body.credential),
    }),
  );
});
