import { webauthnLibrary } from "../webauthn/webauthn-library.ts";
import type { AuthCore } from "../core.ts";
import type { UserRow } from "../users/user-row.ts";
import { relyingParty } from "../webauthn/relying-party.ts";
import { webauthnUser } from "../webauthn/webauthn-user.ts";
import { writeChallenge, type ChallengeJson } from "./challenge.ts";
import type { FactorWithSecret } from "./factor-store.ts";
import { verifiedFactorCredentials } from "./webauthn-factor-credential.ts";

/** GoTrue's WebAuthn challenge answer: `webauthn.credential_options.publicKey` holds the browser's options. */
export interface WebauthnChallengeJson extends ChallengeJson {
  webauthn: { type: "create" | "request"; credential_options: { publicKey: object } };
}

/**
 * A WebAuthn factor's challenge (GoTrue's challengeWebAuthnFactor): an unverified factor gets
 * creation options (`create`, excluding the user's other security keys), a verified one
 * request options (`request`) allowing every verified WebAuthn factor's credential. The RP is
 * the server's `[auth.webauthn]`, never the `rpId` a client sends.
 */
export async function createWebauthnChallenge(
  core: AuthCore,
  input: { user: UserRow; factor: FactorWithSecret; ip: string | null },
): Promise<WebauthnChallengeJson> {
  const { generateAuthenticationOptions, generateRegistrationOptions } = await webauthnLibrary();
  const rp = relyingParty(core.settings());
  const existing = await verifiedFactorCredentials(core.pool, input.user.id);
  const allowed = existing.map(({ credential }) => ({ id: credential.id, transports: credential.transports }));
  const type = input.factor.status === "verified" ? "request" : "create";
  const publicKey =
    type === "create"
      ? await generateRegistrationOptions({
          rpName: rp.name,
          rpID: rp.id,
          ...webauthnUser(input.user),
          attestationType: "none",
          excludeCredentials: allowed,
          authenticatorSelection: { userVerification: "preferred" },
        })
      : await generateAuthenticationOptions({ rpID: rp.id, allowCredentials: allowed, userVerification: "preferred" });
  const challenge = await writeChallenge(core, {
    ...input,
    otpCode: null,
    webauthnState: { type, challenge: publicKey.challenge },
  });
  return { ...challenge, webauthn: { type, credential_options: { publicKey } } };
}
