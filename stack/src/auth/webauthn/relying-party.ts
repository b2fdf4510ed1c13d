import type { AuthSettings } from "../config/settings.ts";

/** Who the browser's WebAuthn ceremonies are for: RP ID, display name, and the origins allowed to ask. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
  /** How long a ceremony's challenge stays usable (GoTrue's default 5 min; the CLI has no key for it). */
  challengeExpiryMs: number;
  /** Passkeys per user (GoTrue's default 10; the CLI has no key for it). */
  maxPasskeysPerUser: number;
}

/**
 * `[auth.webauthn]` (`rp_id`, `rp_display_name`, `rp_origins`; config validation requires the
 * first and last when `[auth.passkey]` is on). For WebAuthn MFA factors without them the stack
 * falls back to `site_url` (its host name as RP ID, its origin as the one allowed origin); the
 * display name falls back to the RP ID.
 */
export function relyingParty(settings: AuthSettings): RelyingParty {
  const site = URL.parse(settings.site_url);
  const configured = settings.webauthn;
  const id = configured.rp_id !== "" ? configured.rp_id : (site?.hostname ?? "localhost");
  const origins = configured.rp_origins.length > 0 ? configured.rp_origins : site ? [site.origin] : [];
  return {
    id,
    name: configured.rp_display_name !== "" ? configured.rp_display_name : id,
    origins,
    challengeExpiryMs: 5 * 60 * 1000,
    maxPasskeysPerUser: 10,
  };
}
