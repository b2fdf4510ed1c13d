import { chmod, cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));
const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Where a test project comes from: a fixture under `test/fixtures/<name>`, or the repository's own
 * `supabase/` folder (Parley's real schema, functions and seed).
 */
export type ProjectSource = string | { repository: true };

/** The repository's own project, as `npm start` serves it. */
export const REPOSITORY_PROJECT: ProjectSource = { repository: true };

/** A throwaway copy of a fixture project (its `supabase/` folder) in a temporary folder. */
export interface TempProject {
  workdir: string;
  dataDir: string;
  remove(): Promise<void>;
}

/**
 * Copies a project into a temporary folder.
 * @example const project = await tempProject(REPOSITORY_PROJECT);
 */
export async function tempProject(source: ProjectSource): Promise<TempProject> {
  const label = typeof source === "string" ? source : "repository";
  const root = await mkdtemp(path.join(tmpdir(), `parley-${label}-`));
  // As root the stack runs PostgreSQL as the `postgres` user, which must pass through this folder
  // to the data folder; the stack never changes folders above its data folder, so the test does.
  if (userInfo().uid === 0) await chmod(root, 0o711);
  const workdir = path.join(root, "project");
  if (typeof source === "string") {
    await cp(path.join(fixtures, source), workdir, { recursive: true });
  } else {
    await cp(path.join(repositoryRoot, "supabase"), path.join(workdir, "supabase"), { recursive: true });
  }
  return {
    workdir,
    dataDir: path.join(root, "data"),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
