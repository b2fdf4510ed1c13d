// `env(NAME)` references in config.toml, with the Supabase CLI's meaning.
//
// matches pkg/config/decode_hooks.go (LoadEnvHook): a string value that is *entirely*
// `env(NAME)` (pattern ^env\((.*)\)$) is replaced by the variable's value, at any depth,
// including array items and table values. When the variable is unset *or empty* the CLI keeps
// the literal `env(NAME)` string — it does not fail at that point. It only prints
// "WARN: environment variable is unset" for the fields it actually uses (assertEnvLoaded in
// pkg/config/config.go), and a literal that reaches a number or boolean field fails to decode.
// We do the same: keep the literal here, and let the schema report a bad number or boolean,
// and the semantic checks warn about the fields the CLI warns about.

import { isTable } from "./tables.ts";

const envReference = /^env\((.*)\)$/;

export type Env = Readonly<Record<string, string | undefined>>;

/** The variable named by an `env(NAME)` literal, or undefined for any other value. */
export function envReferenceName(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  return envReference.exec(value)?.[1];
}

/**
 * Returns a copy of `value` where every string that is exactly `env(NAME)` is replaced by
 * `env[NAME]` when that variable is set and non-empty; other values are copied unchanged.
 *
 * @example
 * substituteEnv({ auth: { site_url: "env(SITE_URL)" } }, { SITE_URL: "http://localhost:5173" });
 * // { auth: { site_url: "http://localhost:5173" } }
 */
export function substituteEnv<T>(value: T, env: Env): T {
  return substitute(value, env) as T;
}

function substitute(value: unknown, env: Env): unknown {
  if (typeof value === "string") {
    const name = envReferenceName(value);
    const resolved = name === undefined ? undefined : env[name];
    return resolved !== undefined && resolved.length > 0 ? resolved : value;
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, env));
  if (isTable(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, env)]));
  }
  return value;
}
