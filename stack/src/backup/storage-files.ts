import { copyFile, link, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "../storage/file-store.ts";

/**
 * Hard-links (copies across file systems) stored files from one data folder's storage into another
 * folder laid out the same way. Files are named by version and never rewritten, so a link keeps the
 * bytes even if the object is replaced or deleted a moment later. Returns the versions whose file
 * was already gone.
 * @example const missing = await linkStoredFiles(paths.dataDir, staging, ["6f1c…"]);
 */
export async function linkStoredFiles(
  fromDataDir: string,
  toDataDir: string,
  versions: Iterable<string>,
): Promise<string[]> {
  const from = new FileStore(fromDataDir);
  const to = new FileStore(toDataDir);
  const missing: string[] = [];
  for (const version of versions) {
    const source = from.pathOf(version);
    const target = to.pathOf(version);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") missing.push(version);
      else if (code === "EXDEV" || code === "EPERM") await copyFile(source, target);
      else if (code !== "EEXIST") throw error;
    }
  }
  return missing;
}

/** Links every stored file there is now; returns the versions it holds (a file deleted meanwhile is skipped). */
export async function linkAllStoredFiles(fromDataDir: string, toDataDir: string): Promise<Set<string>> {
  const versions = await new FileStore(fromDataDir).listVersions();
  const missing = new Set(await linkStoredFiles(fromDataDir, toDataDir, versions));
  return new Set(versions.filter((version) => !missing.has(version)));
}

/** Removes linked files that the dumped rows do not name (uploads half done, files replaced since). */
export async function dropUnreferencedFiles(
  toDataDir: string,
  linked: Iterable<string>,
  referenced: ReadonlySet<string>,
): Promise<void> {
  const store = new FileStore(toDataDir);
  for (const version of linked) if (!referenced.has(version)) await rm(store.pathOf(version), { force: true });
}
