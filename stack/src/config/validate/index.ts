// Every semantic check of the CLI's `config.Validate`, run over a parsed config. Checks may
// adjust the config where the CLI does (sanitised project_id, phone sign-up turned off without
// a provider, deprecated providers dropped); everything else is reported.
import type { BaseConfig } from "../schema/config.ts";
import { checkAuth } from "./auth.ts";
import { checkAuthEmail } from "./auth-email.ts";
import { checkAuthHooks, checkAuthMfa } from "./auth-hooks.ts";
import { checkExternalProviders, checkThirdParty } from "./auth-providers.ts";
import { checkAuthSms } from "./auth-sms.ts";
import { Findings } from "./findings.ts";
import { checkFunctions } from "./functions.ts";
import { checkProjectId } from "./project-id.ts";
import { checkAnalytics, checkApi, checkDb, checkExperimental } from "./services.ts";
import { checkStorage } from "./storage.ts";

export { Findings, type Finding } from "./findings.ts";

/** Checks `config` (adjusting it in place where the CLI does) and returns what was found. */
export async function validateConfig(config: BaseConfig): Promise<Findings> {
  const findings = new Findings();
  checkProjectId(config, findings);
  await checkApi(config, findings);
  checkDb(config, findings);
  checkStorage(config, findings);
  if (config.auth.enabled) {
    await checkAuth(config, findings);
    checkAuthHooks(config, findings);
    checkAuthMfa(config, findings);
    await checkAuthEmail(config, findings);
    checkAuthSms(config, findings);
    checkExternalProviders(config, findings);
    checkThirdParty(config, findings);
  }
  checkFunctions(config, findings);
  checkAnalytics(config, findings);
  checkExperimental(config, findings);
  return findings;
}
