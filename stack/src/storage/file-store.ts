import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, link, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../gateway/index.ts";
import { errors } from "./errors.ts";

/** What a finished write learned about the bytes. */
export interface StoredFile {
  version: string;
  size: number;
  /** Quoted MD5 of the content, the file backend's ETag. */
  eTag: string;
  lastModified: Date;
}

/**
 * Object bytes on disk under `<dataDir>/storage/`. Files are named by their version (a UUID), never
 * by key, so keys cannot escape the folder and a move only rewrites the row. Writes go to `tmp/`
 * and are renamed into `objects/` once complete (atomic on one file system); the row is written
 * after, so a crash leaves at most an unreferenced file, never a row without its file.
 */
export class FileStore {
  readonly root: string;
  readonly tmpDir: string;
  readonly objectsDir: string;
  /** Where resumable (TUS) uploads collect their bytes until finished. */
  readonly tusDir: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, "storage");
    this.tmpDir = path.join(this.root, "tmp");
    this.objectsDir = path.join(this.root, "objects");
    this.tusDir = path.join(this.root, "tus");
  }

  /** Creates the folders (owner only, like every file here) and drops temp files a crash left behind. */
  async prepare(): Promise<void> {
    await rm(this.tmpDir, { recursive: true, force: true });
    await makePrivateDir(this.tmpDir);
    await makePrivateDir(this.objectsDir);
    await makePrivateDir(this.tusDir);
  }

  pathOf(version: string): string {
    if (!/^[0-9a-zA-Z-]+$/.test(version)) throw errors.fileMissing();
    return path.join(this.objectsDir, version.slice(0, 2), version);
  }

  tempPath(): string {
    return path.join(this.tmpDir, randomUUID());
  }

  /**
   * Streams `source` into a new version, failing with EntityTooLarge past `maxBytes`.
   * @example const file = await store.write(request.body, 50 * 1024 * 1024);
   */
  async write(source: Readable, maxBytes: number): Promise<StoredFile> {
    const temp = this.tempPath();
    try {
      const hash = createHash("md5");
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(errors.entityTooLarge());
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(source, meter, createWriteStream(temp, { mode: PRIVATE_FILE_MODE }));
      return await this.commit(temp, size, `"${hash.digest("hex")}"`);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Moves a finished temp file into place (fsync first, then rename) under a new version. */
  async commit(temp: string, size: number, eTag: string): Promise<StoredFile> {
    const handle = await open(temp, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const version = randomUUID();
    const target = this.pathOf(version);
    await makePrivateDir(path.dirname(target));
    await rename(temp, target);
    return { version, size, eTag, lastModified: (await stat(target)).mtime };
  }

  /** Adopts a file written elsewhere on the same disk (a finished TUS upload), computing its ETag. */
  async adopt(file: string): Promise<StoredFile> {
    const hash = createHash("md5");
    await pipeline(createReadStream(file), hash);
    const temp = this.tempPath();
    await rename(file, temp);
    const { size } = await stat(temp);
    return this.commit(temp, size, `"${hash.digest("hex")}"`);
  }

  /** A new version with the same bytes (hard link when possible). */
  async duplicate(version: string): Promise<string> {
    const copy = randomUUID();
    const target = this.pathOf(copy);
    await makePrivateDir(path.dirname(target));
    await link(this.pathOf(version), target).catch(() => copyFile(this.pathOf(version), target));
    return copy;
  }

  async size(version: string): Promise<number | undefined> {
    return stat(this.pathOf(version)).then(
      (s) => s.size,
      () => undefined,
    );
  }

  read(version: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(version), range);
  }

  async remove(versions: Iterable<string | null | undefined>): Promise<void> {
    await Promise.all(
      [...versions]
        .filter((v): v is string => !!v)
        .map((v) => rm(this.pathOf(v), { force: true }).catch(() => undefined)),
    );
  }

  /** Versions on disk (for sweeping files no row references). */
  async listVersions(): Promise<string[]> {
    const shards = await readdir(this.objectsDir).catch(() => []);
    const lists = await Promise.all(shards.map((s) => readdir(path.join(this.objectsDir, s)).catch(() => [])));
    return lists.flat();
  }
}
