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
