// [auth.email] — email sign-up, confirmation and templates. Keys and defaults: the CLI's
// pkg/config/auth.go (email, smtp, emailTemplate, notification) and templates/config.toml.
import { z } from "zod";
import { bool, duration, integer, namedSections, port, section, text } from "./fields.ts";

const templateFields = {
  subject: text().optional(),
  /** Rejected with the CLI's message: templates are read from content_path. */
  content: text().optional(),
  /** An HTML file; resolved by the loader. */
  content_path: text().default(""),
};

/** Present only when the file has [auth.email.smtp]; `enabled` then defaults to true (CLI). */
const smtpSchema = z
  .strictObject({
    enabled: bool().default(true),
    host: text().default(""),
    port: port().optional(),
    user: text().default(""),
    pass: text().default(""),
    admin_email: text().default(""),
    sender_name: text().default(""),
  })
  .optional();

export const authEmailSchema = section({
  enable_signup: bool().default(true),
  double_confirm_changes: bool().default(true),
  enable_confirmations: bool().default(false),
  secure_password_change: bool().default(false),
  /** Milliseconds between two signup-confirmation or recovery emails to one address. */
  max_frequency: duration().default(1000),
  otp_length: integer().default(6),
  /** Seconds. */
  otp_expiry: integer().default(3600),
  smtp: smtpSchema,
  /** By email type: invite, confirmation, recovery, magic_link, email_change, reauthentication. */
  template: namedSections(templateFields),
  /** By notification: password_changed, email_changed, phone_changed, identity_linked… */
  notification: namedSections({ enabled: bool().default(false), ...templateFields }),
});
