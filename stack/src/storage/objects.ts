// Object rows. Reads and permission tests run as the caller so
// policies on storage.objects decide; the final row write runs as the service role, as upstream.
import { ownerUuid, type StorageCaller } from "./caller.ts";
import type { StorageContext } from "./context.ts";
import { probeAs, runAs, runAsService, type Query, type RequestFacts } from "./db-scope.ts";
import { errors } from "./errors.ts";
import type { StoredFile } from "./file-store.ts";

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

/** `objects.metadata` as the file backend writes it. */
export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
  xRobotsTag?: string;
}

export const OBJECT_COLUMNS =
  "id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at";

export async function findObject(
  query: Query,
  bucket: string,
  key: string,
  forUpdate = false,
): Promise<ObjectRow | undefined> {
  const sql = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2${forUpdate ? " for update" : ""}`;
  return (await query.query<ObjectRow>(sql, [bucket, key])).rows[0];
}

/** The row as `caller` may see it (SELECT policies), or NoSuchKey. */
export async function findObjectAs(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  bucket: string,
  key: string,
): Promise<ObjectRow> {
  const row = await runAs(ctx.db, caller, facts, (q) => findObject(q, bucket, key));
  if (!row) throw errors.noSuchKey();
  return row;
}

export async function findObjectAsService(
  ctx: StorageContext,
  facts: RequestFacts,
  bucket: string,
  key: string,
): Promise<ObjectRow> {
  const row = await runAsService(ctx.db, facts, (q) => findObject(q, bucket, key));
  if (!row) throw errors.noSuchKey();
  return row;
}

export interface UploadIntent {
  bucket: string;
  key: string;
  upsert: boolean;
  mimetype: string;
  contentLength: number | undefined;
  userMetadata: Record<string, unknown> | undefined;
  owner: Pick<StorageCaller, "ownerId">;
}

/**
 * Upstream's permission test: the INSERT (or INSERT … ON CONFLICT DO UPDATE … RETURNING for
 * upserts) the caller's policies must accept, rolled back before any byte is written.
 */
export async function testUploadPermission(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  intent: UploadIntent,
): Promise<void> {
  const params = [
    intent.bucket,
    intent.key,
    ownerUuid(intent.owner),
    intent.owner.ownerId ?? null,
    JSON.stringify({ mimetype: intent.mimetype, contentLength: intent.contentLength }),
    JSON.stringify(intent.userMetadata ?? {}),
  ];
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values ($1, $2, $3, $4, '1', $5, $6)`;
  const upsert = `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
    version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata returning id`;
  await probeAs(
    ctx.db,
    caller,
    facts,
    (q) => q.query(intent.upsert ? upsert : insert, params),
    errors.keyAlreadyExists,
  );
}

export interface WrittenObject {
  id: string;
  previousVersion: string | null;
}

/** The system metadata stored for a finished file. */
export function fileMetadata(
  file: StoredFile,
  mimetype: string,
  cacheControl: string,
  xRobotsTag?: string,
): ObjectMetadata {
  return {
    eTag: file.eTag,
    size: file.size,
    mimetype,
    cacheControl,
    lastModified: file.lastModified.toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
    ...(xRobotsTag ? { xRobotsTag } : {}),
  };
}

/**
 * Writes the row for a new file version as the service role (locking the key), then removes the
 * previous version's file. A key that exists without upsert → KeyAlreadyExists.
 */
export async function saveObjectRow(
  ctx: StorageContext,
  facts: RequestFacts,
  intent: Omit<UploadIntent, "contentLength" | "mimetype">,
  file: StoredFile,
  metadata: ObjectMetadata,
): Promise<WrittenObject> {
  const written = await runAsService(
    ctx.db,
    facts,
    async (q) => {
      const existing = await findObject(q, intent.bucket, intent.key, true);
      if (existing && !intent.upsert) throw errors.keyAlreadyExists();
      const params = [
        intent.bucket,
        intent.key,
        ownerUuid(intent.owner),
        intent.owner.ownerId ?? null,
        file.version,
        JSON.stringify(metadata),
        JSON.stringify(intent.userMetadata ?? {}),
      ];
      const row = existing
        ? (
            await q.query<{ id: string }>(
              `update storage.objects set owner = $3, owner_id = $4, version = $5, metadata = $6, user_metadata = $7, last_accessed_at = now()
               where bucket_id = $1 and name = $2 returning id`,
              params,
            )
          ).rows[0]
        : (
            await q.query<{ id: string }>(
              `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
               values ($1, $2, $3, $4, $5, $6, $7) returning id`,
              params,
            )
          ).rows[0];
      return { id: row?.id ?? "", previousVersion: existing?.version ?? null };
    },
    errors.keyAlreadyExists,
  ).catch(async (error: unknown) => {
    await ctx.files.remove([file.version]);
    throw error;
  });
  if (written.previousVersion && written.previousVersion !== file.version)
    await ctx.files.remove([written.previousVersion]);
  return written;
}
