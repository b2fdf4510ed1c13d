import { webauthnLibrary } from "./webauthn-library.ts";
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { AuthCore } from "../core.ts";
import { ErrorCode, unprocessable, validation } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { UserRow } from "../users/user-row.ts";
import { consumeCeremony, saveCeremony } from "./challenge-store.ts";
import { insertPasskey, listPasskeys, type PasskeyJson, passkeyJson } from "./credential-store.ts";
import { requirePasskeyManagementAal } from "./passkey-management-aal.ts";
import { relyingParty } from "./relying-party.ts";
import { verificationFailed, verifiedOrRefused } from "./verification-failed.ts";
import { webauthnUser } from "./webauthn-user.ts";

/** GoTrue names a passkey after its authenticator model (AAGUID); the stack has no model list. */
const DEFAULT_PASSKEY_NAME = "Passkey";

export interface RegistrationCaller {
  user: UserRow;
  session: SessionRow | undefined;
  ip: string | null;
}

async function assertMayRegister(core: AuthCore, caller: RegistrationCaller): Promise<void> {
  if (caller.user.is_sso_user) throw validation("SSO users cannot register passkeys", 422);
  await requirePasskeyManagementAal(core.pool, caller.user.id, caller.session);
}

function assertRoomForAnother(core: AuthCore, current: number): void {
  if (current >= relyingParty(core.settings()).maxPasskeysPerUser)
    throw unprocessable(ErrorCode.too_many_passkeys, "Maximum number of passkeys reached");
}

/**
 * POST /passkeys/registration/options: creation options for a discoverable credential (resident
 * key required, no attestation) excluding the user's passkeys, and the challenge's id and expiry.
 */
export async function startPasskeyRegistration(
  core: AuthCore,
  caller: RegistrationCaller,
): Promise<{ challenge_id: string; options: PublicKeyCredentialCreationOptionsJSON; expires_at: number }> {
  await assertMayRegister(core, caller);
  const existing = await listPasskeys(core.pool, caller.user.id);
  assertRoomForAnother(core, existing.length);
  const { generateRegistrationOptions } = await webauthnLibrary();
  const rp = relyingParty(core.settings());
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    ...webauthnUser(caller.user),
    timeout: rp.challengeExpiryMs,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id.toString("base64url") })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
  });
  const saved = await saveCeremony(core.pool, {
    userId: caller.user.id,
    type: "registration",
    state: { challenge: options.challenge },
    expiryMs: rp.challengeExpiryMs,
  });
  return { challenge_id: saved.id, options, expires_at: saved.expiresAt };
}

/**
 * POST /passkeys/registration/verify: the attestation must answer this user's own registration
 * challenge, from an allowed origin, for the RP ID; the new passkey is stored and listed.
 */
export async function finishPasskeyRegistration(
  core: AuthCore,
  caller: RegistrationCaller,
  input: { challengeId: string; credential: RegistrationResponseJSON },
): Promise<PasskeyJson> {
  await assertMayRegister(core, caller);
  const state = await consumeCeremony(core.pool, {
    id: input.challengeId,
    type: "registration",
    userId: caller.user.id,
  });
  const { verifyRegistrationResponse } = await webauthnLibrary();
  const rp = relyingParty(core.settings());
  const result = await verifiedOrRefused(() =>
    verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: state.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }),
  );
  if (!result.verified) throw verificationFailed();
  const info = result.registrationInfo;
  const credentialId = Buffer.from(info.credential.id, "base64url");
  const row = await inTransaction(core.pool, async (sql) => {
    assertRoomForAnother(core, (await listPasskeys(sql, caller.user.id)).length);
    const created = await insertPasskey(sql, {
      userId: caller.user.id,
      credentialId,
      publicKey: Buffer.from(info.credential.publicKey),
      signCount: info.credential.counter,
      transports: info.credential.transports ?? [],
      aaguid: info.aaguid,
      attestationType: info.fmt,
      backupEligible: info.credentialDeviceType === "multiDevice",
      backedUp: info.credentialBackedUp,
      friendlyName: DEFAULT_PASSKEY_NAME,
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code === "23505")
        throw unprocessable(ErrorCode.webauthn_credential_exists, "This credential is already registered");
      throw error;
    });
    await recordAudit(sql, {
      actor: caller.user,
      action: "passkey_created",
      logType: "user",
      ip: caller.ip,
      traits: { passkey_id: created.id },
    });
    return created;
  });
  const { last_used_at: _unused, ...json } = passkeyJson(row);
  return json;
}
