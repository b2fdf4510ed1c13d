// The environment a function's Deno process gets, as the CLI builds it (serve/serve.go
// ServeFunctions + parseEnvFile, secrets/set ListSecrets, serve/templates/main.ts envVars).
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import type { ServiceDeps } from "../gateway/index.ts";

export interface FunctionEnvResult {
  env: Record<string, string>;
  /** User secrets named SUPABASE_* are skipped, as `supabase secrets set` skips them. */
  skipped: string[];
}

/**
 * Hosted's defaults (SUPABASE_URL, keys, JWKS, DB URL) plus `[edge_runtime.secrets]` and
 * `supabase/functions/.env`, read afresh so an edited .env applies on the next worker start.
 * Nothing of the stack's own process environment is passed on.
 * @example const { env } = await functionEnv(deps, path.join(workdir, "supabase"));
 */
export async function functionEnv(deps: ServiceDeps, supabaseDir: string): Promise<FunctionEnvResult> {
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(deps.config.edge_runtime.secrets)) {
    if (value !== "") secrets[name] = value;
  }
  Object.assign(secrets, await readEnvFile(path.join(supabaseDir, "functions", ".env")));
  const env: Record<string, string> = {};
  const skipped: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    if (name.startsWith("SUPABASE_")) skipped.push(name);
    else env[name] = value;
  }
  const { keys } = deps;
  Object.assign(env, {
    SUPABASE_URL: deps.urls.api,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SUPABASE_DB_URL: deps.db.url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(keys.jwks()),
  });
  return { env, skipped };
}

async function readEnvFile(file: string): Promise<Record<string, string>> {
  try {
    return parseEnv(await readFile(file, "utf8")) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}

/**
 * Deno's module cache folder, as Deno itself picks it, so the worker can find it without HOME.
 * The user's cache is shared with their own Deno: whatever it already holds works offline.
 */
export function denoCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DENO_DIR) return env.DENO_DIR;
  if (process.platform === "darwin") return path.join(homedir(), "Library", "Caches", "deno");
  if (process.platform === "win32") return path.join(env.LOCALAPPDATA ?? homedir(), "deno");
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "deno");
}
