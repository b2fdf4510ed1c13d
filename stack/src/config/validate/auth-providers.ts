// [auth.external.*] and [auth.third_party.*], as `external.validate` and `thirdParty.validate`
// in the CLI's pkg/config/config.go.
import type { BaseConfig } from "../schema/config.ts";
import { isEmulatedProvider } from "../oauth-emulation.ts";
import { formatKeyPath } from "../tables.ts";
import type { Findings } from "./findings.ts";

/** Providers that sign in without a client secret (they use an ID token). */
const secretlessProviders = new Set(["apple", "google"]);
const deprecatedProviders = ["linkedin", "slack"];
const clerkDomain = /^(clerk([.][a-z0-9-]+){2,}|([a-z0-9-]+[.])+clerk[.]accounts[.]dev)$/;

export function checkExternalProviders(config: BaseConfig, findings: Findings): void {
  const { external } = config.auth;
  for (const name of deprecatedProviders) {
    if (external[name]?.enabled) {
      findings.warn(
        `auth.external.${name}`,
        `auth.external.${name} is deprecated and is turned off, as the Supabase CLI does; use [auth.external.${name}_oidc]`,
      );
    }
    delete external[name];
  }
  for (const [name, provider] of Object.entries(external)) {
    if (!provider.enabled) continue;
    // No credentials at all: the stack's OAuth emulator serves this provider (stack/src/oauth-emulator).
    if (isEmulatedProvider(name, provider)) continue;
    const key = formatKeyPath(["auth", "external", name]);
    const when = `${key} is enabled`;
    findings.required(`${key}.client_id`, provider.client_id, when);
    if (!secretlessProviders.has(name)) findings.required(`${key}.secret`, provider.secret, when);
    findings.unsetEnv(`${key}.client_id`, provider.client_id);
    findings.unsetEnv(`${key}.secret`, provider.secret);
    findings.unsetEnv(`${key}.redirect_uri`, provider.redirect_uri);
    findings.unsetEnv(`${key}.url`, provider.url);
  }
}

export function checkThirdParty(config: BaseConfig, findings: Findings): void {
  const { firebase, auth0, aws_cognito: cognito, clerk, workos } = config.auth.third_party;
  const enabled = [firebase, auth0, cognito, clerk, workos].filter((provider) => provider.enabled).length;
  if (firebase.enabled)
    findings.required(
      "auth.third_party.firebase.project_id",
      firebase.project_id,
      "auth.third_party.firebase is enabled",
    );
  if (auth0.enabled)
    findings.required("auth.third_party.auth0.tenant", auth0.tenant, "auth.third_party.auth0 is enabled");
  if (cognito.enabled) {
    const when = "auth.third_party.aws_cognito is enabled";
    if (findings.required("auth.third_party.aws_cognito.user_pool_id", cognito.user_pool_id, when)) {
      findings.unsetEnv("auth.third_party.aws_cognito.user_pool_id", cognito.user_pool_id);
    }
    if (findings.required("auth.third_party.aws_cognito.user_pool_region", cognito.user_pool_region, when)) {
      findings.unsetEnv("auth.third_party.aws_cognito.user_pool_region", cognito.user_pool_region);
    }
  }
  if (
    clerk.enabled &&
    findings.required("auth.third_party.clerk.domain", clerk.domain, "auth.third_party.clerk is enabled")
  ) {
    findings.unsetEnv("auth.third_party.clerk.domain", clerk.domain);
    if (!clerkDomain.test(clerk.domain)) {
      findings.error(
        "auth.third_party.clerk.domain",
        `must look like "clerk.example.com" or "example.clerk.accounts.dev" (got ${JSON.stringify(clerk.domain)}); see https://clerk.com/setup/supabase`,
      );
    }
  }
  if (workos.enabled)
    findings.required("auth.third_party.workos.issuer_url", workos.issuer_url, "auth.third_party.workos is enabled");
  if (enabled > 1) findings.error("auth.third_party", "may enable only one provider at a time");
}
