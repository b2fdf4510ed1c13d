/**
 * How the stack runs SAML SSO. The Supabase CLI's config.toml has no SAML switch (hosted turns it on
 * per project; GoTrue reads GOTRUE_SAML_ENABLED) and its local stack runs without SAML, so:
 *
 * - SAML is OFF unless `[auth.saml] enabled = true` (a Parley Stack key) is in config.toml;
 *   `GOTRUE_SAML_ENABLED=true|false` in the environment overrides the file. Off, every `/sso*` and
 *   `/admin/sso/*` route answers GoTrue's 404 `saml_provider_disabled` and `/settings` says
 *   `saml_enabled: false`.
 * - `PARLEY_SAML_EMULATOR_DOMAIN` — the email domain the stack's SAML IdP emulator is registered
 *   for (default `sso.parley.test`); set it to an empty string to leave the emulator unregistered.
 *
 * In production mode (`start --production`) the emulator is not served, so SAML is off unless
 * `GOTRUE_SAML_ENABLED=true` (the config switch is for the local emulator) and the emulator is never registered (real IdPs are added with the
 * admin API, `/admin/sso/providers`). The start refuses a SAML setup that only has the emulator.
 */
export interface SamlSettings {
  enabled: boolean;
  emulatorDomain: string;
  /** GoTrue's GOTRUE_SAML_RELAY_STATE_VALIDITY_PERIOD default: 2 minutes. */
  relayStateValidityMs: number;
  /** crewjam/saml's MaxClockSkew, which GoTrue uses for NotBefore/NotOnOrAfter: 180 s. */
  clockSkewMs: number;
}

export const DEFAULT_EMULATOR_DOMAIN = "sso.parley.test";

export function readSamlSettings(
  configEnabled: boolean,
  env: Record<string, string | undefined> = process.env,
  production = false,
): SamlSettings {
  const switchedOn = (env.GOTRUE_SAML_ENABLED ?? "").trim().toLowerCase();
  const fromEnvironment = switchedOn === "true" ? true : switchedOn === "false" ? false : undefined;
  return {
    enabled: production ? fromEnvironment === true : (fromEnvironment ?? configEnabled),
    emulatorDomain: production ? "" : (env.PARLEY_SAML_EMULATOR_DOMAIN ?? DEFAULT_EMULATOR_DOMAIN).trim().toLowerCase(),
    relayStateValidityMs: 120_000,
    clockSkewMs: 180_000,
  };
}
