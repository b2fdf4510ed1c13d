// [auth.mfa] and [auth.sessions]. Keys and defaults: the CLI's pkg/config/auth.go (mfa,
// factorTypeConfiguration, phoneFactorTypeConfiguration, sessions) and the template.
import { bool, duration, integer, section, text } from "./fields.ts";
import { defaultOtpTemplate } from "./auth-sms.ts";

const factorFields = {
  enroll_enabled: bool().default(false),
  verify_enabled: bool().default(false),
};

export const authMfaSchema = section({
  max_enrolled_factors: integer().default(10),
  totp: section(factorFields),
  phone: section({
    ...factorFields,
    otp_length: integer().default(6),
    template: text().default(defaultOtpTemplate),
    /** Milliseconds. */
    max_frequency: duration().default(5000),
  }),
  web_authn: section(factorFields),
});

/** Milliseconds; 0 means no limit. */
export const authSessionsSchema = section({
  timebox: duration().default(0),
  inactivity_timeout: duration().default(0),
});
