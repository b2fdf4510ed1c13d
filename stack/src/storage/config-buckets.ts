import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { StackConfig } from "../config/index.ts";
import type { StorageContext } from "./context.ts";
import { isValidKey } from "./limits.ts";
import { fileMetadata, saveObjectRow } from "./objects.ts";

type ConfigBuckets = StackConfig["storage"]["buckets"];

const SEED_FACTS = { method: "POST", path: "/config", headers: {}, operation: "storage.object.upload" };

/** Content types the CLI's seeding recognises most often (it sniffs; we go by extension). */
const TYPES: Record<string, string> = {
  ".txt": "text/plain",
  ".html": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".json": "application/json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
};

/**
 * `[storage.buckets.NAME]` as the CLI applies it (pkg/storage/batch.go): create or update each
 * bucket (an unset `public` leaves an existing bucket's flag alone and creates it private), then
 * upload the files under `objects_path` with overwrite.
 */
export async function applyConfigBuckets(ctx: StorageContext, buckets: ConfigBuckets): Promise<void> {
  for (const [name, bucket] of Object.entries(buckets)) {
    await ctx.db.admin.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, coalesce($2, false), $3, $4)
       on conflict (id) do update set
         public = coalesce($2, storage.buckets.public),
         file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types`,
      [name, bucket.public ?? null, bucket.file_size_limit || null, bucket.allowed_mime_types ?? null],
    );
    if (bucket.objects_path) await uploadFolder(ctx, name, bucket.objects_path);
  }
}

async function uploadFolder(ctx: StorageContext, bucket: string, folder: string): Promise<void> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(folder, file).split(path.sep).join("/");
    if (!isValidKey(key)) {
      ctx.logger.warn({ bucket, key }, "skipping a seed file whose name is not a valid storage key");
      continue;
    }
    const stored = await ctx.files.write(createReadStream(file), Number.MAX_SAFE_INTEGER);
    const mimetype = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const intent = { bucket, key, upsert: true, userMetadata: undefined, owner: { ownerId: undefined } };
    await saveObjectRow(ctx, SEED_FACTS, intent, stored, fileMetadata(stored, mimetype, "max-age=3600"));
  }
}
