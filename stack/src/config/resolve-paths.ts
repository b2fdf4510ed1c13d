// Makes every file path in the config absolute, relative to the folder the CLI uses for that
// key, so no consumer has to know the CLI's conventions.
//
// matches pkg/config/config.go (baseConfig.resolve): paths are relative to supabase/, except
// auth.email.template.*.content_path which the CLI resolves against the project folder (its
// own FIXME says so); a function's entrypoint defaults to supabase/functions/<name>/index.ts and
// its import map to the deno.json or deno.jsonc beside the entrypoint, when one exists.
import { stat } from "node:fs/promises";
import path from "node:path";
import type { BaseConfig } from "./schema/config.ts";

export interface ProjectFolders {
  /** The project folder (the one holding supabase/). */
  workdir: string;
  /** `<workdir>/supabase`. */
  supabaseDir: string;
}

/** Returns a copy of `config` with its file paths absolute. */
export async function resolvePaths(config: BaseConfig, folders: ProjectFolders): Promise<BaseConfig> {
  const inSupabase = (value: string) => (value === "" ? value : path.resolve(folders.supabaseDir, value));
  const inProject = (value: string) => (value === "" ? value : path.resolve(folders.workdir, value));
  const { api, db, auth, storage, experimental } = config;
  return {
    ...config,
    api: {
      ...api,
      tls: { ...api.tls, cert_path: inSupabase(api.tls.cert_path), key_path: inSupabase(api.tls.key_path) },
    },
    db: {
      ...db,
      migrations: { ...db.migrations, schema_paths: db.migrations.schema_paths.map(inSupabase) },
      seed: { ...db.seed, sql_paths: db.seed.sql_paths.map(inSupabase) },
    },
    auth: {
      ...auth,
      signing_keys_path: inSupabase(auth.signing_keys_path),
      email: {
        ...auth.email,
        template: mapValues(auth.email.template, (entry) => ({
          ...entry,
          content_path: inProject(entry.content_path),
        })),
        notification: mapValues(auth.email.notification, (entry) => ({
          ...entry,
          content_path: inSupabase(entry.content_path),
        })),
      },
    },
    storage: {
      ...storage,
      buckets: mapValues(storage.buckets, (bucket) => ({ ...bucket, objects_path: inSupabase(bucket.objects_path) })),
    },
    functions: await resolveFunctions(config.functions, folders.supabaseDir),
    experimental: {
      ...experimental,
      pgdelta: experimental.pgdelta && {
        ...experimental.pgdelta,
        declarative_schema_path: inSupabase(experimental.pgdelta.declarative_schema_path),
      },
    },
  };
}

async function resolveFunctions(functions: BaseConfig["functions"], supabaseDir: string) {
  const resolved: BaseConfig["functions"] = {};
  for (const [name, fn] of Object.entries(functions)) {
    const entrypoint =
      fn.entrypoint === ""
        ? path.join(supabaseDir, "functions", name, "index.ts")
        : path.resolve(supabaseDir, fn.entrypoint);
    const importMap =
      fn.import_map === "" ? await findDenoConfig(path.dirname(entrypoint)) : path.resolve(supabaseDir, fn.import_map);
    resolved[name] = {
      ...fn,
      entrypoint,
      import_map: importMap,
      static_files: fn.static_files.map((file) => (file === "" ? file : path.resolve(supabaseDir, file))),
    };
  }
  return resolved;
}

async function findDenoConfig(folder: string): Promise<string> {
  for (const name of ["deno.json", "deno.jsonc"]) {
    const candidate = path.join(folder, name);
    if (await isFile(candidate)) return candidate;
  }
  return "";
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
