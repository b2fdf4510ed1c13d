import { mkdir } from "node:fs/promises";

/**
 * Everything the stack writes in its data folder is for the user running it alone: the folder holds
 * the API keys and JWT secret, live magic-link and recovery tokens (the mailbox), stored objects and
 * the log. Folders are created 0700 and files 0600, whatever the umask lets through otherwise.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a folder (and any missing parent) readable by the owner only.
 * @example await makePrivateDir(path.join(dataDir, "storage", "objects"));
 */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}
