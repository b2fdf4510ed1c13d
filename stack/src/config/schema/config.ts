// The whole of supabase/config.toml. `baseConfigSchema` is one project's settings;
// `configSchema` adds [remotes.<name>], each of which the loader parses as the base config with
// the remote's keys laid over it — the CLI's meaning of a remote block.
import { z } from "zod";
import { apiSchema } from "./api.ts";
import { authSchema } from "./auth.ts";
import { dbSchema } from "./db.ts";
import { experimentalSchema } from "./experimental.ts";
import { text } from "./fields.ts";
import { edgeRuntimeSchema, functionsSchema } from "./functions.ts";
import { analyticsSchema, inbucketSchema, realtimeSchema, studioSchema } from "./services.ts";
import { storageSchema } from "./storage.ts";

export const baseConfigSchema = z.strictObject({
  /** Defaults to the project folder's name, as `supabase init` writes it. */
  project_id: text(),
  api: apiSchema,
  db: dbSchema,
  realtime: realtimeSchema,
  studio: studioSchema,
  inbucket: inbucketSchema,
  storage: storageSchema,
  auth: authSchema,
  edge_runtime: edgeRuntimeSchema,
  functions: functionsSchema,
  analytics: analyticsSchema,
  experimental: experimentalSchema,
});

/**
 * zod schema of supabase/config.toml; `StackConfig` is its output type. `loadConfig` is the
 * way to read a file (it adds env(), .env files, remotes merging, paths and the CLI's checks);
 * parse with this schema directly only to check a raw object's shape.
 *
 * @example
 * const result = configSchema.safeParse({ project_id: "parley", api: { port: 6000 } });
 * result.success && result.data.api.max_rows; // 1000
 */
export const configSchema = baseConfigSchema.extend({
  remotes: z.record(z.string(), baseConfigSchema).default({}),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;
