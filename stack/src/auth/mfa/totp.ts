import { Secret, TOTP } from "otpauth";

/** matches GoTrue (pquerna/otp defaults): SHA-1, 6 digits, 30 s period, 20-byte secret, ±1 step. */
const TOTP_OPTIONS = { algorithm: "SHA1", digits: 6, period: 30 } as const;

/** A new base32 secret (unpadded, 32 characters). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32.replace(/=+$/, "");

/**
 * The key URI exactly as GoTrue builds it: `otpauth://totp/<issuer>:<account>?` with the query keys
 * sorted (Go's url.Values.Encode), so authenticator apps show the same entry as with hosted.
 * @example totpUri("localhost:3000", "a@b.c", secret) // otpauth://totp/localhost:3000:a@b.c?algorithm=SHA1&…
 */
export function totpUri(issuer: string, account: string, secret: string): string {
  const path = encodeURIComponent(`${issuer}:${account}`).replace(/%3A/gi, ":").replace(/%40/g, "@");
  const query = new URLSearchParams([
    ["algorithm", TOTP_OPTIONS.algorithm],
    ["digits", String(TOTP_OPTIONS.digits)],
    ["issuer", issuer],
    ["period", String(TOTP_OPTIONS.period)],
    ["secret", secret],
  ]);
  return `otpauth://totp/${path}?${query.toString()}`;
}

/** The QR code of the URI as an SVG document (GoTrue sends the raw SVG; supabase-js makes the data URI). */
export async function totpQrSvg(uri: string): Promise<string> {
  // loaded with the first enrolment, not at start
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}

/** True when the code matches the secret now, within one step either side. */
export function checkTotpCode(secret: string, code: string, now = Date.now()): boolean {
  const totp = new TOTP({ ...TOTP_OPTIONS, secret: Secret.fromBase32(secret) });
  return totp.validate({ token: code, timestamp: now, window: 1 }) !== null;
}
