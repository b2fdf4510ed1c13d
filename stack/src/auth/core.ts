import type pg from "pg";
import type { Logger } from "pino";
import type { KeyRing } from "../gateway/index.ts";
import type { AuthSettings } from "./config/settings.ts";
import type { AuthMailer } from "./email/auth-mailer.ts";
import type { RateLimits } from "./limits/rate-limits.ts";
import type { SsoRuntime } from "./sso/sso-runtime.ts";

/** What the auth domain code works with: its pool, keys, settings, mailer and limiters. */
export interface AuthCore {
  pool: pg.Pool;
  keys: KeyRing;
  logger: Logger;
  /** Settings resolve lazily: the API URL (external URL, issuer) is known once the gateway listens. */
  settings(): AuthSettings;
  mailer: AuthMailer;
  limits: RateLimits;
  /** SAML SSO: settings, the SP key pair, the IdP emulator's registration. */
  sso: SsoRuntime;
}
