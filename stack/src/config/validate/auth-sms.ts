// [auth.sms]: the enabled provider's required fields, as `sms.validate` in the CLI's
// pkg/config/config.go — which checks only the first enabled provider, in this order, and turns
// phone sign-up off (with a warning) when no provider is enabled.
import type { BaseConfig } from "../schema/config.ts";
import type { Findings } from "./findings.ts";

type Sms = BaseConfig["auth"]["sms"];

export function checkAuthSms(config: BaseConfig, findings: Findings): void {
  const { sms } = config.auth;
  const provider = (["twilio", "twilio_verify", "messagebird", "textlocal", "vonage"] as const).find(
    (name) => sms[name].enabled,
  );
  if (provider === undefined) {
    if (sms.enable_signup) {
      findings.warn(
        "auth.sms.enable_signup",
        "no SMS provider is enabled under [auth.sms]; phone sign-up is turned off, as the Supabase CLI does",
      );
      sms.enable_signup = false;
    }
    return;
  }
  const required = requiredFields(sms, provider);
  const when = `auth.sms.${provider} is enabled`;
  for (const [field, value, secret] of required) {
    const key = `auth.sms.${provider}.${field}`;
    if (findings.required(key, value, when) && secret) findings.unsetEnv(key, value);
  }
}

/** [field, value, whether the CLI warns when it is an unset env() reference]. */
function requiredFields(sms: Sms, provider: "twilio" | "twilio_verify" | "messagebird" | "textlocal" | "vonage") {
  const fields: [string, string, boolean][] = [];
  switch (provider) {
    case "twilio":
    case "twilio_verify":
      fields.push(
        ["account_sid", sms[provider].account_sid, false],
        ["message_service_sid", sms[provider].message_service_sid, false],
        ["auth_token", sms[provider].auth_token, true],
      );
      break;
    case "messagebird":
      fields.push(["originator", sms.messagebird.originator, false], ["access_key", sms.messagebird.access_key, true]);
      break;
    case "textlocal":
      fields.push(["sender", sms.textlocal.sender, false], ["api_key", sms.textlocal.api_key, true]);
      break;
    case "vonage":
      fields.push(
        ["from", sms.vonage.from, false],
        ["api_key", sms.vonage.api_key, true],
        ["api_secret", sms.vonage.api_secret, true],
      );
      break;
  }
  return fields;
}
