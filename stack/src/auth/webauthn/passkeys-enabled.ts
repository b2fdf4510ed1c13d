import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound } from "../errors.ts";

/** `[auth.passkey] enabled` off → every /passkeys endpoint answers 404 `passkey_disabled` first (as GoTrue). */
export function requirePasskeysEnabled(core: AuthCore): void {
  if (!core.settings().passkey.enabled) throw notFound(ErrorCode.passkey_disabled, "Passkeys are disabled");
}
