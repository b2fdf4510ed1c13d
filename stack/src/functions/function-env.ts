// The environment a function's Deno process gets, as the CLI builds it (serve/serve.go
// ServeFunctions + parseEnvFile, secrets/set ListSecrets, serve/templates/main.ts envVars).
import { readFile } from "node:fs/promises";
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
 * What Deno itself needs to fetch and cache modules (hidden from user code by the bootstrap): its
 * cache folder, the npm registry npm uses, and the certificates Node trusts (the OS store and
 * NODE_EXTRA_CA_CERTS), so downloads work behind the same TLS-inspecting proxies as `npm install`.
 * @example const env = denoProcessEnv(deps.dataDir);
 */
export function denoProcessEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const result: Record<string, string> = {
    DENO_DIR: denoCacheDir(dataDir, env),
    DENO_TLS_CA_STORE: env.DENO_TLS_CA_STORE ?? "system,mozilla",
  };
  const registry = env.NPM_CONFIG_REGISTRY ?? env.npm_config_registry;
  if (registry) result.NPM_CONFIG_REGISTRY = registry;
  const certificate = env.DENO_CERT ?? env.NODE_EXTRA_CA_CERTS;
  if (certificate) result.DENO_CERT = certificate;
  // Where the OS store is on Linux (read by Deno's "system" store like by OpenSSL).
  for (const name of ["SSL_CERT_FILE", "SSL_CERT_DIR"] as const) {
    const value = env[name];
    if (value) result[name] = value;
  }
  return result;
}

/**
 * Deno's module cache (`jsr:`, `https://` and `npm:` downloads): `<dataDir>/deno`, so what a
 * project's functions fetched once stays with the project and works offline afterwards. A
 * `DENO_DIR` in the stack's environment wins (e.g. to share a cache filled elsewhere).
 */
export function denoCacheDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.DENO_DIR || path.join(dataDir, "deno");
}
