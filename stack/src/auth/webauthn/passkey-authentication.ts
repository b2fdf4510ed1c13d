import { webauthnLibrary } from "./webauthn-library.ts";
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { AuthCore } from "../core.ts";
import { ErrorCode, forbidden, userBanned } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { startSession, type SessionJson } from "../sessions/issue-session.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { findUserById } from "../users/user-queries.ts";
import { isBanned, isEmailConfirmed, isPhoneConfirmed } from "../users/user-row.ts";
import { consumeCeremony, saveCeremony } from "./challenge-store.ts";
import { findPasskeyByCredentialId, recordPasskeyUse } from "./credential-store.ts";
import { relyingParty } from "./relying-party.ts";
import { verificationFailed, verifiedOrRefused } from "./verification-failed.ts";

/**
 * POST /passkeys/authentication/options: request options for a discoverable sign-in (no allowed
 * list: the authenticator offers its passkeys for this RP) and the challenge's id and expiry.
 */
export async function startPasskeyAuthentication(
  core: AuthCore,
): Promise<{ challenge_id: string; options: PublicKeyCredentialRequestOptionsJSON; expires_at: number }> {
  const { generateAuthenticationOptions } = await webauthnLibrary();
  const rp = relyingParty(core.settings());
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
    timeout: rp.challengeExpiryMs,
  });
  const saved = await saveCeremony(core.pool, {
    userId: null,
    type: "authentication",
    state: { challenge: options.challenge },
    expiryMs: rp.challengeExpiryMs,
  });
  return { challenge_id: saved.id, options, expires_at: saved.expiresAt };
}

/** The passkey the assertion names; its user handle must be the passkey's owner. */
async function assertedPasskey(core: AuthCore, credential: AuthenticationResponseJSON) {
  const passkey = await findPasskeyByCredentialId(core.pool, Buffer.from(credential.rawId, "base64url"));
  const handle = credential.response.userHandle;
  const owner = handle === undefined ? undefined : Buffer.from(handle, "base64url").toString("utf8");
  if (!passkey || owner !== passkey.user_id) throw verificationFailed();
  return passkey;
}

/**
 * POST /passkeys/authentication/verify: the assertion must answer this challenge, from an allowed
 * origin, for the RP ID, signed by the stored key with a sign count above the stored one (a
 * cloned or replayed authenticator is refused). Signs the owner in with amr `passkey`.
 */
export async function finishPasskeyAuthentication(
  core: AuthCore,
  input: { challengeId: string; credential: AuthenticationResponseJSON; client: ClientInfo },
): Promise<SessionJson> {
  const state = await consumeCeremony(core.pool, { id: input.challengeId, type: "authentication", userId: null });
  const passkey = await assertedPasskey(core, input.credential);
  const { verifyAuthenticationResponse } = await webauthnLibrary();
  const rp = relyingParty(core.settings());
  const result = await verifiedOrRefused(() =>
    verifyAuthenticationResponse({
      response: input.credential,
      expectedChallenge: state.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id.toString("base64url"),
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.sign_count),
      },
      requireUserVerification: false,
    }),
  );
  if (!result.verified) throw verificationFailed();
  const user = await findUserById(core.pool, passkey.user_id);
  if (!user) throw verificationFailed();
  if (user.email && !isEmailConfirmed(user)) throw forbidden(ErrorCode.email_not_confirmed, "Email not confirmed");
  if (user.phone && !isPhoneConfirmed(user)) throw forbidden(ErrorCode.phone_not_confirmed, "Phone not confirmed");
  if (isBanned(user)) throw userBanned(403);
  return inTransaction(core.pool, async (sql) => {
    await recordPasskeyUse(sql, passkey.id, result.authenticationInfo.newCounter);
    await recordAudit(sql, {
      actor: user,
      action: "login",
      logType: "account",
      ip: input.client.ip,
      traits: { passkey_id: passkey.id },
    });
    return startSession(core, sql, user, "passkey", input.client);
  });
}
