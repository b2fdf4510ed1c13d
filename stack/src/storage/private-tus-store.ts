import { chmod } from "node:fs/promises";
import path from "node:path";
import { FileStore as TusFileStore } from "@tus/file-store";
import type { Upload } from "@tus/server";
import { PRIVATE_FILE_MODE } from "../gateway/index.ts";

/**
 * @tus/file-store creates an upload's bytes file and its `.json` metadata with the process's default
 * mode (0644 under the usual umask); like every file in the data folder they are the owner's only.
 * The folder itself is created 0700 by FileStore.prepare before any upload.
 */
export class PrivateTusFileStore extends TusFileStore {
  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(upload);
    const file = created.storage?.path ?? path.join(this.directory, upload.id);
    await chmod(file, PRIVATE_FILE_MODE);
    await chmod(`${file}.json`, PRIVATE_FILE_MODE);
    return created;
  }
}
