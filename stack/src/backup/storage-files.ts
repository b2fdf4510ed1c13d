import { copyFile, link, mkdir } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "../storage/file-store.ts";

/**
 * Hard-links (copies across file systems) the stored files of the given object versions from one
 * data folder's storage into another folder laid out the same way. Files are named by version and
 * never rewritten, so a link taken now keeps the bytes even if the object is deleted a moment later.
 * Returns the versions whose file was already gone.
 */
export async function linkStoredFiles(fromDataDir: string, toDataDir: string, versions: readonly string[]): Promise<string[]> {
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
