// The smaller local services: [realtime], [studio], [inbucket] and [analytics]. Keys and
// defaults: the CLI's pkg/config/config.go (structs and NewConfig) and templates/config.toml.
import { bool, integer, oneOf, port, section, text } from "./fields.ts";

export const realtimeSchema = section({
  enabled: bool().default(true),
  ip_version: oneOf(["IPv4", "IPv6"]).default("IPv4"),
  max_header_length: integer().default(4096),
});

export const studioSchema = section({
  enabled: bool().default(true),
  port: port().default(54323),
  api_url: text().default("http://127.0.0.1"),
  openai_api_key: text().default("env(OPENAI_API_KEY)"),
});

/** The local mail catcher; Parley serves its mailbox on `port`. */
export const inbucketSchema = section({
  enabled: bool().default(true),
  port: port().default(54324),
  /** Unset: SMTP is not exposed to the host. */
  smtp_port: port().optional(),
  /** Unset: POP3 is not exposed to the host. */
  pop3_port: port().optional(),
  admin_email: text().default("admin@email.com"),
  sender_name: text().default("Admin"),
});

export const analyticsSchema = section({
  enabled: bool().default(true),
  port: port().default(54327),
  backend: oneOf(["postgres", "bigquery"]).default("postgres"),
  gcp_project_id: text().default(""),
  gcp_project_number: text().default(""),
  gcp_jwt_path: text().default(""),
  /** Deprecated in the CLI together with syslog; accepted so old files load. */
  vector_port: port().optional(),
});
