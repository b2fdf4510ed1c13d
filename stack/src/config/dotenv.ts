// The .env files the Supabase CLI loads before it reads config.toml, so that `env(NAME)` can
// refer to them.
//
// matches pkg/config/config.go (loadNestedEnv, loadDefaultEnv): in supabase/ and then in the
// project folder, the CLI loads `.env.<SUPABASE_ENV>.local`, `.env.local` (not when
// SUPABASE_ENV is "test"), `.env.<SUPABASE_ENV>` and `.env`, SUPABASE_ENV defaulting to
// "development". godotenv never overrides a variable that is already set, so the process
// environment wins over every file and the first file to define a name wins over later ones.
// Files are parsed with Node's util.parseEnv (no ${VAR} expansion, unlike godotenv).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseEnv } from "node:util";
import { ConfigError } from "./config-error.ts";
import type { Env } from "./env-substitution.ts";

/** The .env file names the CLI tries, in order, for one SUPABASE_ENV mode. */
export function dotenvFileNames(mode: string | undefined): string[] {
  const name = mode === undefined || mode === "" ? "development" : mode;
  const names = [`.env.${name}.local`];
  if (name !== "test") names.push(".env.local");
  names.push(`.env.${name}`, ".env");
  return names;
}

/**
 * The environment `env(NAME)` sees: `env` itself plus the variables of the project's .env
 * files that `env` does not already set.
 *
 * @example
 * // supabase/.env holds GITHUB_SECRET=abc
 * const env = await withDotenvFiles("/path/to/project", process.env);
 * env.GITHUB_SECRET; // "abc" unless the process already set it
 */
export async function withDotenvFiles(workdir: string, env: Env): Promise<Env> {
  const merged: Record<string, string | undefined> = {};
  const folders = [path.join(workdir, "supabase"), workdir];
  for (const folder of folders) {
    for (const name of dotenvFileNames(env.SUPABASE_ENV)) {
      const variables = await readDotenvFile(path.join(folder, name));
      for (const [key, value] of Object.entries(variables)) {
        if (!Object.hasOwn(merged, key)) merged[key] = value;
      }
    }
  }
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

async function readDotenvFile(file: string): Promise<NodeJS.Dict<string>> {
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR") return {};
    throw new ConfigError(file, `${file}: cannot read environment file (${code ?? String(error)})`, { cause: error });
  }
  return parseEnv(content);
}
