import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound } from "../errors.ts";

/** GoTrue's requireSAMLEnabled: with SAML off every `/sso*` and `/admin/sso*` route is 404 `saml_provider_disabled`. */
export function requireSaml(core: AuthCore): void {
  if (!core.sso.settings.enabled) throw notFound(ErrorCode.saml_provider_disabled, "SAML 2.0 is disabled");
}
