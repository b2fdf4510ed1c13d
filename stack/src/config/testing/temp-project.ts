// Test support: a throw-away project folder with a supabase/config.toml and any other files.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export interface TempProject {
  workdir: string;
  /** Writes `content` at `file`, relative to the project folder. */
  write(file: string, content: string): Promise<void>;
  remove(): Promise<void>;
}

/** Creates a project folder; `configToml` is written to supabase/config.toml unless undefined. */
export async function createTempProject(configToml?: string, files: Record<string, string> = {}): Promise<TempProject> {
  const workdir = await mkdtemp(path.join(tmpdir(), "parley-config-"));
  const write = async (file: string, content: string) => {
    const target = path.join(workdir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  };
  if (configToml !== undefined) await write("supabase/config.toml", configToml);
  for (const [file, content] of Object.entries(files)) await write(file, content);
  return { workdir, write, remove: () => rm(workdir, { recursive: true, force: true }) };
}
