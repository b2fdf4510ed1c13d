import { existsSync } from "node:fs";
import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../gateway/index.ts";

/** Where a stack keeps its state for a project folder. */
export interface StackPaths {
  workdir: string;
  /** `<workdir>/supabase/.temp/parley-stack` unless overridden; git-ignored (the CLI ignores `.temp`). */
  dataDir: string;
  clusterDir: string;
  stateFile: string;
  logFile: string;
}

/**
 * Resolves the folders of a stack. The data folder sits under `supabase/.temp/`, which projects made
 * with `supabase init` already ignore; a `.gitignore` of `*` inside makes sure of it everywhere.
 */
export function resolveStackPaths(workdir: string, dataDir?: string): StackPaths {
  const root = path.resolve(workdir);
  const data = path.resolve(dataDir ?? path.join(root, "supabase", ".temp", "parley-stack"));
  return {
    workdir: root,
    dataDir: data,
    clusterDir: path.join(data, "postgres"),
    stateFile: path.join(data, "stack.json"),
    logFile: path.join(data, "stack.log"),
  };
}

/**
 * Creates the data folder readable by its owner only, and closes up one an older version (or
 * another tool) left open: it holds the keys, the mailbox's live tokens and the stored files.
 * (As root, PostgreSQL's start then grants others search on it, so its own user reaches the cluster.)
 */
export async function ensureDataDir(paths: StackPaths): Promise<void> {
  await makePrivateDir(paths.dataDir);
  await chmod(paths.dataDir, PRIVATE_DIR_MODE);
  const ignore = path.join(paths.dataDir, ".gitignore");
  if (!existsSync(ignore))
    await writeFile(ignore, "# Parley Stack data: never commit\n*\n", { mode: PRIVATE_FILE_MODE });
}
