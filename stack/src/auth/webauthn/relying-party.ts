import type { AuthSettings } from "../config/settings.ts";

/** Who the browser's WebAuthn ceremonies are for: RP ID, display name, and the origins allowed to ask. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
  /** How long a ceremony's challenge stays usable (`[auth.webauthn] challenge_expiry_duration`, 5 min). */
  challengeExpiryMs: number;
}

/**
 * `[auth.webauthn]` (`rp_id`, `rp_display_name`, `rp_origins`). GoTrue refuses to start without
 * an RP ID and display name when WebAuthn is on; the stack instead falls back to `site_url`
 * (its host name as RP ID, its origin as the one allowed origin) so a local project works
 * with `enabled = true` alone.
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
    challengeExpiryMs: configured.challenge_expiry_duration,
  };
}
