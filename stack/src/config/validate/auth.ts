// [auth] top-level checks: site URL, redirect URLs, JWT secret, captcha, passkeys, signing keys.
// matches the auth part of `config.Validate` and `generateAPIKeys` in the CLI's
// pkg/config/config.go and pkg/config/apikeys.go; run only when auth is enabled, as there.
import type { BaseConfig } from "../schema/config.ts";
import { envReferenceName } from "../env-substitution.ts";
import type { Findings } from "./findings.ts";

export async function checkAuth(config: BaseConfig, findings: Findings): Promise<void> {
  const { auth } = config;
  checkSiteUrl(auth.site_url, findings);
  auth.additional_redirect_urls.forEach((url, index) =>
    findings.unsetEnv(`auth.additional_redirect_urls[${index}]`, url),
  );
  if (auth.jwt_secret !== "" && auth.jwt_secret.length < 16) {
    findings.error("auth.jwt_secret", `must be at least 16 characters long (got ${auth.jwt_secret.length})`);
  }
  if (auth.captcha?.enabled) {
    findings.required("auth.captcha.provider", auth.captcha.provider, "auth.captcha is enabled");
    if (findings.required("auth.captcha.secret", auth.captcha.secret, "auth.captcha is enabled")) {
      findings.unsetEnv("auth.captcha.secret", auth.captcha.secret);
    }
  }
  if (auth.signing_keys_path !== "") await findings.readable("auth.signing_keys_path", auth.signing_keys_path);
  checkPasskey(config, findings);
}

function checkSiteUrl(siteUrl: string, findings: Findings): void {
  if (!findings.required("auth.site_url", siteUrl, "auth is enabled")) return;
  if (envReferenceName(siteUrl) !== undefined) {
    findings.unsetEnv("auth.site_url", siteUrl);
  } else if (!URL.canParse(siteUrl)) {
    findings.error(
      "auth.site_url",
      `must be an absolute URL such as "http://127.0.0.1:3000" (got ${JSON.stringify(siteUrl)})`,
    );
  }
}

function checkPasskey(config: BaseConfig, findings: Findings): void {
  const { passkey, webauthn } = config.auth;
  if (!passkey?.enabled) return;
  if (webauthn === undefined) {
    findings.error("auth.webauthn", "is required when auth.passkey is enabled");
    return;
  }
  const when = "auth.passkey is enabled";
  if (findings.required("auth.webauthn.rp_id", webauthn.rp_id, when))
    findings.unsetEnv("auth.webauthn.rp_id", webauthn.rp_id);
  if (findings.required("auth.webauthn.rp_origins", webauthn.rp_origins, when)) {
    webauthn.rp_origins.forEach((origin, index) => findings.unsetEnv(`auth.webauthn.rp_origins[${index}]`, origin));
  }
}
