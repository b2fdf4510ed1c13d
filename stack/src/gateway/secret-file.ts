import { readFile, writeFile } from "node:fs/promises";

/**
 * Reads a JSON file of secrets the stack keeps in its data folder; on first use (no file yet)
 * creates the value, writes it readable by the owner only, and returns it.
 * @example const keys = await loadOrCreateSecretFile(path.join(dataDir, "keys.json"), generateKeys);
 */
export async function loadOrCreateSecretFile<T>(file: string, create: () => Promise<T>): Promise<T> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const value = await create();
  await writeFile(file, JSON.stringify(value, null, 2), { mode: 0o600 });
  return value;
}
