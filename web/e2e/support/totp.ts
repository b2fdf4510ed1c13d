import * as OTPAuth from "otpauth";

/** An authenticator app for a base32 TOTP key, set up as GoTrue's: 30 s, 6 digits, SHA-1. */
function authenticator(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
}

/** The code an authenticator app shows now for a base32 TOTP key. */
export function totpCode(secret: string): string {
  return authenticator(secret).generate();
}

/** A code that is certainly not the current one (nor the neighbouring windows GoTrue accepts). */
export function wrongTotpCode(secret: string): string {
  const totp = authenticator(secret);
  const accepted = new Set([-1, 0, 1].map((window) => totp.generate({ timestamp: Date.now() + window * 30_000 })));
  let candidate = 0;
  while (accepted.has(String(candidate).padStart(6, "0"))) candidate += 1;
  return String(candidate).padStart(6, "0");
}
