// SUPABASE_<KEY_PATH> environment variables that override config.toml values.
//
// matches pkg/config/config.go (loadFromFile): the CLI reads config through viper with
// SetEnvPrefix("SUPABASE"), a "." → "_" key replacer and AutomaticEnv, so SUPABASE_AUTH_SITE_URL
// replaces auth.site_url and SUPABASE_DB_SEED_ENABLED=false turns seeding off. Viper only sees a
// non-empty variable, and only for keys it knows: those of the CLI's always-present structs,
// plus keys the file itself writes inside user-named or optional tables
// ([auth.external.github], [auth.captcha]…). The value is a string; the schema's weak typing
// turns it into a number, boolean or comma-separated list. [remotes.*] is not overridden.
import { z } from "zod";
import type { Env } from "./env-substitution.ts";
import { isTable, type Table } from "./tables.ts";

type Override = { path: string[]; value: string };

/**
 * Returns a copy of the raw config with every SUPABASE_* override applied.
 *
 * @example
 * applyEnvOverrides(baseConfigSchema, { auth: {} }, { SUPABASE_AUTH_SITE_URL: "http://x" });
 * // { auth: { site_url: "http://x" } }
 */
export function applyEnvOverrides(schema: z.ZodType, raw: Table, env: Env): Table {
  const overrides: Override[] = [];
  collectOverrides(schema, raw, [], true, env, overrides);
  let result = raw;
  for (const { path, value } of overrides) result = setValue(result, path, value);
  return result;
}

function collectOverrides(
  schema: z.ZodType,
  raw: unknown,
  path: string[],
  alwaysPresent: boolean,
  env: Env,
  overrides: Override[],
): void {
  const { inner, optional } = unwrap(schema);
  const present = raw !== undefined;
  const known = present || (alwaysPresent && !optional);
  if (inner instanceof z.ZodObject) {
    if (!known || (present && !isTable(raw))) return;
    const table = present ? (raw as Table) : {};
    for (const [key, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      collectOverrides(child, table[key], [...path, key], alwaysPresent && !optional, env, overrides);
    }
  } else if (inner instanceof z.ZodRecord) {
    if (!isTable(raw)) return;
    for (const [key, value] of Object.entries(raw)) {
      collectOverrides(inner.def.valueType as z.ZodType, value, [...path, key], false, env, overrides);
    }
  } else if (known && !(inner instanceof z.ZodArray)) {
    const value = env[`SUPABASE_${path.join("_").toUpperCase()}`];
    if (value !== undefined && value !== "") overrides.push({ path, value });
  }
}

/** Looks through defaults, optionals and pipes to the table, record or leaf underneath. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (inner instanceof z.ZodOptional) {
      optional = true;
      inner = inner.def.innerType as z.ZodType;
    } else if (inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) {
      inner = inner.def.innerType as z.ZodType;
    } else if (inner instanceof z.ZodPipe) {
      inner = inner.def.in as z.ZodType;
    } else {
      return { inner, optional };
    }
  }
}

function setValue(tree: Table, path: string[], value: string): Table {
  const [head, ...rest] = path;
  if (head === undefined) return tree;
  if (rest.length === 0) return { ...tree, [head]: value };
  const child = tree[head];
  return { ...tree, [head]: setValue(isTable(child) ? child : {}, rest, value) };
}
