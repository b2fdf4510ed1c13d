// Delete, move and copy: each runs its statements as the caller so
// policies decide; files are named by version, so a move never touches the disk.
import { findBucketAsService } from "./buckets.ts";
import { ownerUuid, type StorageCaller } from "./caller.ts";
import type { StorageContext } from "./context.ts";
import { probeAs, runAs, runAsService, type RequestFacts } from "./db-scope.ts";
import { errors } from "./errors.ts";
import { mustBeValidKey } from "./limits.ts";
import {
  findObject,
  findObjectAsService,
  OBJECT_COLUMNS,
  saveObjectRow,
  testUploadPermission,
  type ObjectMetadata,
  type ObjectRow,
} from "./objects.ts";

const DELETE_BATCH = 500;

/** `remove()`: exact keys, deleted as the caller; hidden or missing keys are skipped silently. */
export async function deleteObjects(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  bucket: string,
  keys: string[],
): Promise<ObjectRow[]> {
  const deleted: ObjectRow[] = [];
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const batch = keys.slice(i, i + DELETE_BATCH);
    const rows = await runAs(
      ctx.db,
      caller,
      facts,
      async (q) =>
        (
          await q.query<ObjectRow>(
            `delete from storage.objects where bucket_id = $1 and name = any($2) returning ${OBJECT_COLUMNS}`,
            [bucket, batch],
          )
        ).rows,
    );
    deleted.push(...rows);
  }
  await ctx.files.remove(deleted.map((row) => row.version));
  return deleted;
}

/** Single `DELETE /object/{b}/{path}`: NoSuchKey if absent; AccessDenied if policies delete nothing. */
export async function deleteObject(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  bucket: string,
  key: string,
): Promise<void> {
  await findObjectAsService(ctx, facts, bucket, key);
  const rows = await deleteObjects(ctx, caller, facts, bucket, [key]);
  if (rows.length === 0) throw errors.accessDenied();
}

export interface Relocation {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

/** `move()`: the caller's UPDATE must accept the old row and the new name; never overwrites. */
export async function moveObject(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  move: Relocation,
): Promise<void> {
  mustBeValidKey(move.destinationKey);
  if (move.bucketId === move.destinationBucket && move.sourceKey === move.destinationKey) {
    await runAs(ctx.db, caller, facts, async (q) => {
      if (!(await findObject(q, move.bucketId, move.sourceKey))) throw errors.noSuchKey();
    });
    return;
  }
  const update = `update storage.objects set name = $3, bucket_id = $4, owner = $5, owner_id = $6
    where bucket_id = $1 and name = $2 returning id`;
  const params = [
    move.bucketId,
    move.sourceKey,
    move.destinationKey,
    move.destinationBucket,
    ownerUuid(caller),
    caller.ownerId ?? null,
  ];
  await probeAs(ctx.db, caller, facts, async (q) => {
    if (!(await findObject(q, move.bucketId, move.sourceKey))) throw errors.noSuchKey();
    if (!(await q.query(update, params)).rowCount) throw errors.noSuchKey();
  });
  await runAsService(ctx.db, facts, async (q) => {
    if (!(await q.query(update, params)).rowCount) throw errors.noSuchKey();
  });
}

export interface CopyOptions extends Relocation {
  upsert: boolean;
  copyMetadata: boolean;
  metadata: { cacheControl?: string; mimetype?: string } | undefined;
  userMetadata: Record<string, unknown> | undefined;
}

/** `copy()`: SELECT the source as the caller, upload-permission test on the destination, then copy. */
export async function copyObject(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  copy: CopyOptions,
): Promise<ObjectRow> {
  mustBeValidKey(copy.destinationKey);
  const source = await runAs(ctx.db, caller, facts, (q) => findObject(q, copy.bucketId, copy.sourceKey));
  if (!source?.version) throw errors.noSuchKey();
  await findBucketAsService(ctx, facts, copy.destinationBucket);
  const sourceMeta: ObjectMetadata = copy.copyMetadata ? (source.metadata ?? {}) : {};
  const metadata: ObjectMetadata = {
    ...(source.metadata ?? {}),
    ...(copy.metadata?.cacheControl ? { cacheControl: copy.metadata.cacheControl } : {}),
    ...(copy.metadata?.mimetype ? { mimetype: copy.metadata.mimetype } : {}),
  };
  const userMetadata = copy.copyMetadata ? (source.user_metadata ?? {}) : (copy.userMetadata ?? {});
  const intent = {
    bucket: copy.destinationBucket,
    key: copy.destinationKey,
    upsert: copy.upsert,
    mimetype: metadata.mimetype ?? sourceMeta.mimetype ?? "application/octet-stream",
    contentLength: source.metadata?.size,
    userMetadata,
    owner: caller,
  };
  await testUploadPermission(ctx, caller, facts, intent);
  const version = await ctx.files.duplicate(source.version);
  const size = source.metadata?.size ?? (await ctx.files.size(version)) ?? 0;
  const file = { version, size, eTag: metadata.eTag ?? "", lastModified: new Date() };
  const written = await saveObjectRow(ctx, facts, intent, file, {
    ...metadata,
    lastModified: file.lastModified.toISOString(),
  });
  const row = await runAsService(ctx.db, facts, (q) => findObject(q, copy.destinationBucket, copy.destinationKey));
  if (!row || row.id !== written.id) throw errors.noSuchKey();
  return row;
}

/** Rows as upstream's object schema serializes them (unknown keys dropped). */
export function serializeObject(row: ObjectRow): Record<string, unknown> {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner ?? undefined,
    owner_id: row.owner_id ?? undefined,
    version: row.version ?? undefined,
    id: row.id,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.last_accessed_at,
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}
