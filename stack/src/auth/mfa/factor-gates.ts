import type { AuthSettings } from "../config/settings.ts";
import { ErrorCode, unprocessable, validation } from "../errors.ts";

type FactorType = "totp" | "phone" | "webauthn";
const CONFIG_KEY = { totp: "totp", phone: "phone", webauthn: "web_authn" } as const;
const LABEL = { totp: "TOTP", phone: "Phone", webauthn: "WebAuthn" } as const;

export function parseFactorType(value: string): FactorType {
  if (value === "totp" || value === "phone" || value === "webauthn") return value;
  throw validation("factor_type needs to be totp, phone, or webauthn");
}

/** `[auth.mfa.<type>] enroll_enabled` off → 422 `mfa_<type>_enroll_not_enabled`, as GoTrue's EnrollFactor. */
export function assertEnrollEnabled(settings: AuthSettings, type: FactorType): void {
  if (settings.mfa[CONFIG_KEY[type]].enroll_enabled) return;
  throw unprocessable(ErrorCode[`mfa_${type}_enroll_not_enabled`], `MFA enroll is disabled for ${LABEL[type]}`);
}

/** `verify_enabled` off → 422 `mfa_<type>_verify_not_enabled` (challenge and verify), as GoTrue. */
export function assertVerifyEnabled(settings: AuthSettings, type: FactorType): void {
  if (settings.mfa[CONFIG_KEY[type]].verify_enabled) return;
  throw unprocessable(ErrorCode[`mfa_${type}_verify_not_enabled`], `MFA verification is disabled for ${LABEL[type]}`);
}
