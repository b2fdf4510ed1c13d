// One upload, in upstream's order (src/storage/uploader.ts): bucket
// limits (service role), key check, body, MIME check, permission test as the caller, file to disk,
// row as the service role.
import { discardRest } from "../gateway/index.ts";
import { findBucketAsService } from "./buckets.ts";
import type { StorageCaller } from "./caller.ts";
import type { StorageContext } from "./context.ts";
import type { RequestFacts } from "./db-scope.ts";
import { isEmptyFolderPlaceholder, maxUploadSize, mustBeAllowedMimeType, mustBeValidKey } from "./limits.ts";
import { fileMetadata, saveObjectRow, testUploadPermission, type WrittenObject } from "./objects.ts";
import { readUploadBody, type UploadRequest } from "./upload-body.ts";

export interface UploadOptions {
  bucket: string;
  key: string;
  upsert: boolean;
  /** Whose policies decide; null = trusted (signed upload token), no permission test. */
  caller: StorageCaller | null;
  /** Whose object it becomes (owner_id). */
  owner: Pick<StorageCaller, "ownerId">;
}

/**
 * Streams one upload request into a stored object.
 * @example const { id } = await uploadObject(ctx, facts, c.req.raw, { bucket, key, upsert: false, caller, owner: caller });
 */
export async function uploadObject(
  ctx: StorageContext,
  facts: RequestFacts,
  request: UploadRequest,
  options: UploadOptions,
): Promise<WrittenObject> {
  const bucket = await findBucketAsService(ctx, facts, options.bucket);
  mustBeValidKey(options.key);
  const maxBytes = maxUploadSize(ctx.globalFileSizeLimit, bucket.file_size_limit, options.key);
  const body = await readUploadBody(request, maxBytes);
  try {
    if (!isEmptyFolderPlaceholder(options.key)) mustBeAllowedMimeType(body.mimetype, bucket.allowed_mime_types);
    const intent = {
      bucket: options.bucket,
      key: options.key,
      upsert: options.upsert,
      mimetype: body.mimetype,
      contentLength: body.declaredLength,
      userMetadata: body.userMetadata,
      owner: options.owner,
    };
    if (options.caller) await testUploadPermission(ctx, options.caller, facts, intent);
    const file = await ctx.files.write(body.stream, maxBytes);
    await body.finished;
    const robots = request.headers.get("x-robots-tag") ?? undefined;
    return await saveObjectRow(ctx, facts, intent, file, fileMetadata(file, body.mimetype, body.cacheControl, robots));
  } catch (error) {
    discardRest(body.stream);
    throw error;
  }
}
