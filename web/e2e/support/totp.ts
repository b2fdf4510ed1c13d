import * as OTPAuth from "otpauth";

/** The code an authenticator app shows now for a base32 TOTP key (30 s, 6 digits, SHA-1: GoTrue's). */
export function totpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
}

/** A code that is certainly not the current one (nor the neighbouring windows GoTrue accepts). */
export function wrongTotpCode(secret: string): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  const accepted = new Set([-1, 0, 1].map((window) => totp.generate({ timestamp: Date.now() + window * 30_000 })));
  let candidate = 0;
  while (accepted.has(String(candidate).padStart(6, "0"))) candidate += 1;
  return String(candidate).padStart(6, "0");
}
