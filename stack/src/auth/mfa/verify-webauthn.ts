import { webauthnLibrary } from "../webauthn/webauthn-library.ts";
import type { AuthCore } from "../core.ts";
import { validation } from "../errors.ts";
import type { SessionJson } from "../sessions/issue-session.ts";
import {
  asAuthenticationResponse,
  asRegistrationResponse,
  authenticationResponseSchema,
  registrationResponseSchema,
} from "../webauthn/credential-json.ts";
import { relyingParty } from "../webauthn/relying-party.ts";
import { verificationFailed, verifiedOrRefused } from "../webauthn/verification-failed.ts";
import { usableChallenge } from "./challenge-check.ts";
import type { WebauthnChallengeState } from "./challenge.ts";
import { completeVerification, type VerifyFactorInput } from "./raise-session.ts";
import { saveFactorCredential, toLibraryCredential, verifiedFactorCredentials } from "./webauthn-factor-credential.ts";

/** The `webauthn` member of a verify body: the ceremony kind and the browser's credential. */
export interface WebauthnVerifyParams {
  type: "create" | "request";
  credentialResponse: unknown;
}

async function registerFactorCredential(
  core: AuthCore,
  input: VerifyFactorInput,
  state: WebauthnChallengeState,
  response: unknown,
) {
  const parsed = registrationResponseSchema.safeParse(response);
  if (!parsed.success) throw validation("Invalid credential_response");
  const { verifyRegistrationResponse } = await webauthnLibrary();
  const rp = relyingParty(core.settings());
  const result = await verifiedOrRefused(() =>
    verifyRegistrationResponse({
      response: asRegistrationResponse(parsed.data),
      expectedChallenge: state.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }),
  );
  if (!result.verified) throw verificationFailed();
  const { credential, aaguid } = result.registrationInfo;
  const stored = {
    id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString("base64url"),
    sign_count: credential.counter,
    transports: credential.transports ?? [],
  };
  await saveFactorCredential(core.pool, input.factor.id, stored, aaguid);
}

async function assertFactorCredential(
  core: AuthCore,
  input: VerifyFactorInput,
  state: WebauthnChallengeState,
  response: unknown,
) {
  const parsed = authenticationResponseSchema.safeParse(response);
  if (!parsed.success) throw validation("Invalid credential_response");
  const known = (await verifiedFactorCredentials(core.pool, input.user.id)).find(
    ({ credential }) => credential.id === parsed.data.rawId,
  );
  if (!known) throw verificationFailed();
  const { verifyAuthenticationResponse } = await webauthnLibrary();
  const rp = relyingParty(core.settings());
  const result = await verifiedOrRefused(() =>
    verifyAuthenticationResponse({
      response: asAuthenticationResponse(parsed.data),
      expectedChallenge: state.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: toLibraryCredential(known.credential),
      requireUserVerification: false,
    }),
  );
  if (!result.verified) throw verificationFailed();
  await saveFactorCredential(core.pool, known.factorId, {
    ...known.credential,
    sign_count: result.authenticationInfo.newCounter,
  });
}

/**
 * Verifies a WebAuthn factor's challenge (GoTrue's verifyWebAuthnFactor): `create` registers the
 * factor's credential, `request` checks an assertion by one of the user's verified security keys
 * (signature, challenge, origin, RP ID, rising sign count). Either raises the session to aal2 with
 * amr `mfa/webauthn`. A credential that does not verify → 400 `webauthn_verification_failed`.
 */
export async function verifyWebauthnFactor(
  core: AuthCore,
  input: VerifyFactorInput,
  params: WebauthnVerifyParams,
): Promise<SessionJson> {
  const challenge = await usableChallenge(core, {
    factorId: input.factor.id,
    challengeId: input.challengeId,
    ip: input.ip,
    mismatchMessage: "Challenge and verify IP addresses mismatch.",
  });
  const state = challenge.web_authn_session_data;
  if (!state || state.type !== params.type) throw verificationFailed();
  if (params.type === "create") await registerFactorCredential(core, input, state, params.credentialResponse);
  else await assertFactorCredential(core, input, state, params.credentialResponse);
  return completeVerification(core, input);
}
