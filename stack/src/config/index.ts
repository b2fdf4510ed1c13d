// Temporary minimal loader; replaced by the full config module (config branch).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "smol-toml";

export interface StackConfig {
  project_id?: string;
  api: { enabled: boolean; port: number; schemas: string[]; extra_search_path: string[]; max_rows: number };
  db: { port: number; seed: { enabled: boolean; sql_paths: string[] } };
  inbucket: { enabled: boolean; port: number };
  auth: { jwt_secret?: string; signing_keys_path?: string; site_url: string; jwt_expiry: number };
  [key: string]: unknown;
}
export interface LoadConfigOptions { workdir: string; env?: Record<string, string | undefined> }
export interface LoadedConfig { config: StackConfig; warnings: string[]; path: string }
export class ConfigError extends Error {
  constructor(message: string, readonly file: string, readonly key?: string) {
    super(message);
    this.name = "ConfigError";
  }
}
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const file = path.resolve(options.workdir, "supabase", "config.toml");
  const raw = parse(await readFile(file, "utf8")) as Record<string, Record<string, unknown>>;
  const api = (raw.api ?? {}) as Partial<StackConfig["api"]>;
  const db = (raw.db ?? {}) as { port?: number; seed?: Partial<StackConfig["db"]["seed"]> };
  const inbucket = (raw.inbucket ?? {}) as Partial<StackConfig["inbucket"]>;
  const auth = (raw.auth ?? {}) as Partial<StackConfig["auth"]>;
  if (api.port !== undefined && (typeof api.port !== "number" || api.port < 1 || api.port > 65535)) {
    throw new ConfigError(`supabase/config.toml: api.port must be an integer between 1 and 65535 (got ${JSON.stringify(api.port)})`, file, "api.port");
  }
  return {
    path: file,
    warnings: [],
    config: {
      api: { enabled: true, port: 54321, schemas: ["public", "graphql_public"], extra_search_path: ["public", "extensions"], max_rows: 1000, ...api },
      db: { port: db.port ?? 54322, seed: { enabled: true, sql_paths: ["./seed.sql"], ...db.seed } },
      inbucket: { enabled: true, port: 54324, ...inbucket },
      auth: { site_url: "http://127.0.0.1:3000", jwt_expiry: 3600, ...auth },
    },
  };
}
