// loadConfig: supabase/config.toml → a typed, validated StackConfig with the CLI's defaults.
//
// The steps follow the CLI's own load (pkg/config/config.go): .env files, SUPABASE_* overrides,
// env() substitution, decoding with defaults, remotes, path resolution, then `Validate`.
import path from "node:path";
import type { z } from "zod";
import { ConfigError } from "./config-error.ts";
import { withDotenvFiles } from "./dotenv.ts";
import { applyEnvOverrides } from "./env-overrides.ts";
import { substituteEnv, type Env } from "./env-substitution.ts";
import { readTomlFile } from "./read-toml.ts";
import { parseRemotes } from "./remotes.ts";
import { resolvePaths, type ProjectFolders } from "./resolve-paths.ts";
import { parseWithSchema } from "./schema-parse.ts";
import { baseConfigSchema, type BaseConfig, type configSchema } from "./schema/config.ts";
import { formatKeyPath } from "./tables.ts";
import { validateConfig } from "./validate/index.ts";
import { sanitizeProjectId } from "./validate/project-id.ts";

export interface LoadConfigOptions {
  /** The project folder: the one that holds supabase/config.toml. */
  workdir: string;
  /** Variables for env(NAME) and SUPABASE_* overrides; defaults to process.env. */
  env?: Record<string, string | undefined>;
}

/**
 * supabase/config.toml as the stack uses it. Keys are the TOML's own snake_case names
 * (`config.api.max_rows`) and every key carries the CLI's default when the file omits it.
 * Values are normalised once, here: sizes are bytes, durations milliseconds, file paths
 * absolute; a string the CLI treats as "unset" when empty (jwt_secret, external_url,
 * import_map…) is "" rather than undefined, and tables that exist only when written
 * ([auth.captcha], [auth.email.smtp], [auth.hook.*]…) are undefined when absent.
 * `remotes[name]` is the whole config with that remote's overrides laid over it.
 */
export type StackConfig = z.infer<typeof configSchema>;

export interface LoadedConfig {
  config: StackConfig;
  /** One sentence each, naming the file: unknown keys, unset env() variables, auto-fixes. */
  warnings: string[];
  /** Absolute path of config.toml. */
  path: string;
}

/**
 * Reads `<workdir>/supabase/config.toml` with the Supabase CLI's format and meaning: every key
 * of the CLI's template with the CLI's defaults, `env(NAME)` substituted (from `env` and the
 * project's .env files), SUPABASE_<KEY> overrides applied, sizes in bytes, durations in
 * milliseconds, and file paths made absolute. Unknown keys are dropped with a warning; bad
 * values throw one ConfigError listing every problem with its key.
 *
 * @example
 * const { config, warnings } = await loadConfig({ workdir: process.cwd() });
 * for (const warning of warnings) logger.warn(warning);
 * config.api.port;                  // 54321
 * config.storage.file_size_limit;   // 52428800 (from "50MiB")
 * config.auth.email.max_frequency;  // 1000 (from "1s")
 * @throws {ConfigError} when the file is missing, is not TOML, or holds a value the stack cannot use.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const workdir = path.resolve(options.workdir);
  const folders: ProjectFolders = { workdir, supabaseDir: path.join(workdir, "supabase") };
  const file = path.join(folders.supabaseDir, "config.toml");
  const label = path.join("supabase", "config.toml");

  const { remotes: remotesRaw, ...fileBase } = await readTomlFile(file, label);
  const env = await withDotenvFiles(workdir, options.env ?? process.env);
  let baseRaw = applyEnvOverrides(baseConfigSchema, fileBase, env);
  // The CLI's template default: `supabase init` names the project after its folder.
  if (baseRaw.project_id === undefined) baseRaw = { ...baseRaw, project_id: sanitizeProjectId(path.basename(workdir)) };
  baseRaw = substituteEnv(baseRaw, env);

  const base = parseWithSchema(baseConfigSchema, baseRaw);
  const remotes = parseRemotes(substituteEnv(remotesRaw, env), baseRaw);
  const warnings = [...base.unknownKeys, ...remotes.unknownKeys].map(
    (key) => `${label}: unknown key "${formatKeyPath(key)}" is ignored`,
  );
  const errors = [...base.errors, ...remotes.errors];
  if (errors.length > 0 || base.data === undefined) {
    const problems = errors.map((error) => `${label}: ${formatKeyPath(error.path)} ${error.message}`);
    throw new ConfigError(file, problems, { key: errors[0] && formatKeyPath(errors[0].path) });
  }

  const config = await finalize(base.data, env, folders);
  const findings = await validateConfig(config);
  warnings.push(...findings.warnings.map((finding) => `${label}: ${finding.text}`));
  if (findings.errors.length > 0) {
    const problems = findings.errors.map((finding) => `${label}: ${finding.text}`);
    throw new ConfigError(file, problems, { key: findings.errors[0]?.key });
  }
  const resolvedRemotes: Record<string, BaseConfig> = {};
  for (const [name, remote] of Object.entries(remotes.remotes)) {
    resolvedRemotes[name] = await finalize(remote, env, folders);
  }
  return { config: { ...config, remotes: resolvedRemotes }, warnings, path: file };
}

/** The steps the CLI takes after decoding: env() in defaults, secret names, absolute paths. */
async function finalize(parsed: BaseConfig, env: Env, folders: ProjectFolders): Promise<BaseConfig> {
  // Some template defaults are env() references themselves (studio.openai_api_key, …).
  const config = substituteEnv(parsed, env);
  // matches the CLI's load: "Convert keys to upper case" (viper lower-cases every key).
  config.edge_runtime.secrets = Object.fromEntries(
    Object.entries(config.edge_runtime.secrets).map(([name, value]) => [name.toUpperCase(), value]),
  );
  return resolvePaths(config, folders);
}
