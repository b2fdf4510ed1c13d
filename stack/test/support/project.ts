import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** A throwaway copy of a fixture project (its `supabase/` folder) in a temporary folder. */
export interface TempProject {
  workdir: string;
  dataDir: string;
  remove(): Promise<void>;
}

export async function tempProject(fixture: string): Promise<TempProject> {
  const root = await mkdtemp(path.join(tmpdir(), `parley-${fixture}-`));
  const workdir = path.join(root, "project");
  await cp(path.join(fixtures, fixture), workdir, { recursive: true });
  return {
    workdir,
    dataDir: path.join(root, "data"),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
