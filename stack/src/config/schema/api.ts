// [api] — the Data API (PostgREST) behind the gateway. Keys and defaults: the CLI's
// pkg/config/api.go and templates/config.toml.
import { bool, integer, port, section, text, textList } from "./fields.ts";

export const apiSchema = section({
  enabled: bool().default(true),
  port: port().default(54321),
  schemas: textList().default(["public", "graphql_public"]),
  extra_search_path: textList().default(["public", "extensions"]),
  max_rows: integer().default(1000),
  /** Unset keeps today's local behaviour (new public tables reachable without GRANTs). */
  auto_expose_new_tables: bool().optional(),
  /** Empty: derived from the gateway's host and port, as the CLI does. */
  external_url: text().default(""),
  tls: section({
    enabled: bool().default(false),
    /** Resolved against supabase/ by the loader. */
    cert_path: text().default(""),
    key_path: text().default(""),
  }),
});
