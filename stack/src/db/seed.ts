import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { glob, isDynamicPattern } from "tinyglobby";
import path from "node:path";
import type pg from "pg";
import { describeSqlError } from "./sql-error.ts";
import { MigrationError } from "./project-migrations.ts";

/**
 * Runs `[db.seed] sql_paths` (relative to `supabase/`, globs allowed, in order, each file once) in one
 * transaction, as `supabase db reset` does, announcing each file to `progress` with the CLI's line. A missing file is skipped with a warning, as the CLI does.
 */
export async function runSeed(
  client: pg.ClientBase,
  workdir: string,
  sqlPaths: readonly string[],
  warn: (message: string) => void,
  progress: (line: string) => void = () => undefined,
): Promise<string[]> {
  const supabaseDir = path.join(workdir, "supabase");
  const files = await resolveSeedFiles(supabaseDir, sqlPaths);
  if (files.length === 0) {
    warn(`No seed files matched pattern: ${sqlPaths.join(", ")}`);
    return [];
  }
  await client.query("begin");
  // ALTER DATABASE … search_path reaches only new sessions; on first start this one predates it.
  await client.query("set local search_path to public, extensions");
  for (const file of files) {
    const sql = await readFile(file, "utf8");
    // the CLI's line for each seed file (pkg/migration/seed.go, SeedData)
    progress(`Seeding data from ${path.relative(workdir, file)}...`);
    try {
      await client.query(sql);
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      const relative = path.relative(workdir, file);
      throw new MigrationError(`Seeding ${relative} failed:\n${describeSqlError(relative, sql, error)}`);
    }
  }
  await client.query("commit");
  return files;
}

async function resolveSeedFiles(supabaseDir: string, patterns: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const pattern of patterns) {
    const matches = isDynamicPattern(pattern)
      ? (await glob(pattern, { cwd: supabaseDir, absolute: true })).sort()
      : [path.resolve(supabaseDir, pattern)];
    for (const file of matches) {
      if (seen.has(file) || !existsSync(file)) continue;
      seen.add(file);
      out.push(file);
    }
  }
  return out;
}
