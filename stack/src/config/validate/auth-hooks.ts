// [auth.hook.*] and [auth.mfa], as `hook.validate`, `hookConfig.validate` and `mfa.validate`
// in the CLI's pkg/config/config.go.
import type { BaseConfig } from "../schema/config.ts";
import type { Findings } from "./findings.ts";

const hookSecret = /^v1,whsec_[A-Za-z0-9+/=]{32,88}$/;

export function checkAuthHooks(config: BaseConfig, findings: Findings): void {
  for (const [name, hook] of Object.entries(config.auth.hook)) {
    if (!hook?.enabled) continue;
    const key = `auth.hook.${name}`;
    if (!findings.required(`${key}.uri`, hook.uri, `${key} is enabled`)) continue;
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(hook.uri)?.[1]?.toLowerCase();
    if (scheme === "http" || scheme === "https") {
      if (!findings.required(`${key}.secrets`, hook.secrets, `${key}.uri is an HTTP URL`)) continue;
      findings.unsetEnv(`${key}.secrets`, hook.secrets);
      if (!hook.secrets.split("|").every((secret) => hookSecret.test(secret))) {
        findings.error(
          `${key}.secrets`,
          'must be "v1,whsec_<base64 secret of at least 32 characters>", several joined with "|"',
        );
      }
    } else if (scheme === "pg-functions") {
      if (hook.secrets !== "") findings.error(`${key}.secrets`, "is not supported for a pg-functions:// hook");
    } else {
      findings.error(
        `${key}.uri`,
        `must be an http://, https:// or pg-functions:// URI (got ${JSON.stringify(hook.uri)})`,
      );
    }
  }
}

export function checkAuthMfa(config: BaseConfig, findings: Findings): void {
  const { mfa } = config.auth;
  for (const factor of ["totp", "phone", "web_authn"] as const) {
    if (mfa[factor].enroll_enabled && !mfa[factor].verify_enabled) {
      findings.error(`auth.mfa.${factor}.enroll_enabled`, `requires auth.mfa.${factor}.verify_enabled`);
    }
  }
}
