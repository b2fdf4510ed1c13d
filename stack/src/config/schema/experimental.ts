// [experimental] — features the CLI may drop at any time. Keys and defaults: the CLI's
// pkg/config/config.go (experimental, webhooks, PgDeltaConfig, inspect) and the template.
import { z } from "zod";
import { bool, optionalSection, section, text } from "./fields.ts";

export const experimentalSchema = section({
  orioledb_version: text().default(""),
  s3_host: text().default("env(S3_HOST)"),
  s3_region: text().default("env(S3_REGION)"),
  s3_access_key: text().default("env(S3_ACCESS_KEY)"),
  s3_secret_key: text().default("env(S3_SECRET_KEY)"),
  /** Can only be enabled; `enabled = false` is an error, as in the CLI. */
  webhooks: optionalSection({ enabled: bool().default(false) }),
  pgdelta: optionalSection({
    enabled: bool().default(false),
    /** Resolved against supabase/ by the loader. */
    declarative_schema_path: text().default(""),
    /** A JSON string. */
    format_options: text().default(""),
  }),
  inspect: section({
    rules: z
      .array(
        z.strictObject({
          query: text().default(""),
          name: text().default(""),
          pass: text().default(""),
          fail: text().default(""),
        }),
      )
      .default([]),
  }),
});
