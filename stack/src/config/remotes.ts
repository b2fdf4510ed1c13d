// [remotes.<name>] blocks: per-project overrides of the whole config.
//
// matches pkg/config/config.go (loadFromFile, mergeRemoteConfig, Validate): each remote's keys
// are laid over the base config, db.seed.enabled becomes false unless the remote sets it, and
// each remote's project_id must be a distinct 20-letter project ref. The CLI applies a remote
// only when linked to that project, which a local stack never is, so the loader keeps every
// remote as the complete config it would produce, and checks its values with the base schema.
import { parseWithSchema, type SchemaError } from "./schema-parse.ts";
import { baseConfigSchema, type BaseConfig } from "./schema/config.ts";
import { describeValue } from "./schema/fields.ts";
import { isTable, mergeTables, valueAt, type KeyPath, type Table } from "./tables.ts";

const projectRef = /^[a-z]{20}$/;

export interface RemotesResult {
  remotes: Record<string, BaseConfig>;
  errors: SchemaError[];
  unknownKeys: KeyPath[];
}

/** Parses the raw `remotes` table against the raw base config (both env-substituted). */
export function parseRemotes(remotesRaw: unknown, baseRaw: Table): RemotesResult {
  const result: RemotesResult = { remotes: {}, errors: [], unknownKeys: [] };
  if (remotesRaw === undefined) return result;
  if (!isTable(remotesRaw)) {
    result.errors.push({ path: ["remotes"], message: `must be a table (got ${describeValue(remotesRaw)})` });
    return result;
  }
  const namesByRef = new Map<unknown, string>();
  for (const [name, remote] of Object.entries(remotesRaw)) {
    const prefix = ["remotes", name];
    if (!isTable(remote)) {
      result.errors.push({ path: prefix, message: `must be a table (got ${describeValue(remote)})` });
      continue;
    }
    const ref = remote.project_id;
    if (typeof ref !== "string" || !projectRef.test(ref)) {
      result.errors.push({
        path: [...prefix, "project_id"],
        message: `must be a project ref of 20 lowercase letters, like "abcdefghijklmnopqrst" (got ${describeValue(ref)})`,
      });
    } else if (namesByRef.has(ref)) {
      result.errors.push({
        path: [...prefix, "project_id"],
        message: `repeats remotes.${namesByRef.get(ref)}.project_id`,
      });
    } else {
      namesByRef.set(ref, name);
    }
    const parsed = parseWithSchema(baseConfigSchema, overlay(baseRaw, remote));
    const fromRemote = (path: KeyPath) => valueAt(remote, path) !== undefined;
    result.errors.push(
      ...parsed.errors
        .filter((error) => fromRemote(error.path))
        .map((error) => ({ ...error, path: [...prefix, ...error.path] })),
    );
    result.unknownKeys.push(...parsed.unknownKeys.filter(fromRemote).map((path) => [...prefix, ...path]));
    if (parsed.data !== undefined) result.remotes[name] = parsed.data;
  }
  return result;
}

function overlay(base: Table, remote: Table): Table {
  const merged = mergeTables(base, remote);
  if (valueAt(remote, ["db", "seed", "enabled"]) !== undefined) return merged;
  const db = merged.db ?? {};
  const seed = isTable(db) ? (db.seed ?? {}) : undefined;
  // A db or db.seed that is not a table is left as is, for the schema to report.
  if (!isTable(db) || !isTable(seed)) return merged;
  return { ...merged, db: { ...db, seed: { ...seed, enabled: false } } };
}
