// [edge_runtime] and [functions.<name>] — Deno edge functions. Keys and defaults: the CLI's
// pkg/config/config.go (edgeRuntime, function; `load` defaults enabled and verify_jwt to true).
import { z } from "zod";
import { bool, namedSections, oneOf, port, integer, section, text, textList } from "./fields.ts";

export const edgeRuntimeSchema = section({
  enabled: bool().default(true),
  policy: oneOf(["per_worker", "oneshot"]).default("per_worker"),
  inspector_port: port().default(8083),
  /** 1 or 2, checked by validate/functions.ts. */
  deno_version: integer().default(2),
  /** Environment for every function; names are upper-cased by the loader, as the CLI does. */
  secrets: z.record(z.string(), text()).default({}),
});

export const functionsSchema = namedSections({
  enabled: bool().default(true),
  verify_jwt: bool().default(true),
  /** Empty: supabase/functions/<name>/deno.json(c) when present; resolved by the loader. */
  import_map: text().default(""),
  /** Empty: supabase/functions/<name>/index.ts; resolved by the loader. */
  entrypoint: text().default(""),
  /** Glob patterns bundled with the function; resolved against supabase/. */
  static_files: textList().default([]),
});
