import { getSupabase } from "../../../lib/supabase";

export type TotpEnrolment = { factorId: string; qrCode: string; secret: string };

/**
 * Starts a TOTP factor (`POST /factors`). supabase-js returns the QR code as an SVG data URL,
 * ready for an `<img>`; the secret is the same key for typing in by hand.
 */
export async function enrollTotp(friendlyName: string): Promise<TotpEnrolment> {
  const { data, error } = await getSupabase().auth.mfa.enroll({ factorType: "totp", friendlyName, issuer: "Parley" });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/** Starts a phone factor (E.164 number); the backend refuses with `mfa_phone_enroll_not_enabled` when off. */
export async function enrollPhone(friendlyName: string, phone: string): Promise<{ factorId: string }> {
  const { data, error } = await getSupabase().auth.mfa.enroll({ factorType: "phone", friendlyName, phone });
  if (error) throw error;
  return { factorId: data.id };
}

/**
 * Removes a factor (`DELETE /factors/{id}`), then refreshes the session: the backend drops the
 * sessions that factor raised to aal1, and the new token and user must say so.
 */
export async function removeFactor(factorId: string): Promise<void> {
  const auth = getSupabase().auth;
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) throw error;
  const refreshed = await auth.refreshSession();
  if (refreshed.error) throw refreshed.error;
}

/**
 * Adds a security key (WebAuthn factor): enrols it under `friendlyName`, has the browser create a
 * credential on the key the person touches, and verifies it (supabase-js's `mfa.webauthn`
 * challenge and verify); the session becomes aal2. If the ceremony fails or is cancelled, the
 * half-made factor is removed again, so a retry under the same name works.
 */
export async function enrollSecurityKey(friendlyName: string): Promise<void> {
  const { mfa } = getSupabase().auth;
  const enrolled = await mfa.enroll({ factorType: "webauthn", friendlyName });
  if (enrolled.error) throw enrolled.error;
  const factorId = enrolled.data.id;
  // The page's own host and origin, as supabase-js's `register` sends; the server's [auth.webauthn] decides.
  const relyingParty = { rpId: window.location.hostname, rpOrigins: [window.location.origin] };
  try {
    const challenged = await mfa.webauthn.challenge({ factorId, friendlyName, webauthn: relyingParty });
    if (challenged.error) throw challenged.error;
    const { challengeId, webauthn } = challenged.data;
    const verified = await mfa.webauthn.verify({ factorId, challengeId, webauthn: { ...webauthn, ...relyingParty } });
    if (verified.error) throw verified.error;
  } catch (error) {
    await mfa.unenroll({ factorId }).catch(() => undefined);
    throw error;
  }
}
