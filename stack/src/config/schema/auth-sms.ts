// [auth.sms] — phone sign-up and its providers. Keys and defaults: the CLI's pkg/config/auth.go
// (sms, twilioConfig, messagebirdConfig, textlocalConfig, vonageConfig) and the template.
import { z } from "zod";
import { bool, duration, section, text } from "./fields.ts";

/** The template's `{{ `{{ .Code }}` }}` renders to this GoTrue template. */
export const defaultOtpTemplate = "Your code is {{ .Code }}";

const twilioFields = {
  enabled: bool().default(false),
  account_sid: text().default(""),
  message_service_sid: text().default(""),
  auth_token: text().default(""),
};

export const authSmsSchema = section({
  enable_signup: bool().default(false),
  enable_confirmations: bool().default(false),
  template: text().default(defaultOtpTemplate),
  /** Milliseconds between two OTP messages to one number. */
  max_frequency: duration().default(5000),
  twilio: section({
    ...twilioFields,
    auth_token: text().default("env(SUPABASE_AUTH_SMS_TWILIO_AUTH_TOKEN)"),
  }),
  twilio_verify: section(twilioFields),
  messagebird: section({
    enabled: bool().default(false),
    originator: text().default(""),
    access_key: text().default(""),
  }),
  textlocal: section({
    enabled: bool().default(false),
    sender: text().default(""),
    api_key: text().default(""),
  }),
  vonage: section({
    enabled: bool().default(false),
    from: text().default(""),
    api_key: text().default(""),
    api_secret: text().default(""),
  }),
  /** Phone number → fixed OTP, for tests. */
  test_otp: z.record(z.string(), text()).default({}),
});
