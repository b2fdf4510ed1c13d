// Bucket operations: every statement runs as the caller so policies on
// storage.buckets decide; only existence/emptiness checks of delete run as the service role.
import type { StorageCaller } from "./caller.ts";
import { ownerUuid } from "./caller.ts";
import type { StorageContext } from "./context.ts";
import { runAs, runAsService, type Query, type RequestFacts } from "./db-scope.ts";
import { errors } from "./errors.ts";
import { EMPTY_BUCKET_MAX_OBJECTS } from "./limits.ts";

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  type?: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at`;

export interface ListBucketsOptions {
  limit?: number;
  offset?: number;
  sortColumn?: "id" | "name" | "created_at" | "updated_at";
  sortOrder?: "asc" | "desc";
  search?: string;
}

export function listBuckets(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  options: ListBucketsOptions,
): Promise<Bucket[]> {
  const params: unknown[] = [];
  let sql = `select ${BUCKET_COLUMNS}, type from storage.buckets`;
  if (options.search) {
    params.push(`%${options.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    sql += ` where name ilike $${params.length}`;
  }
  if (options.sortColumn) sql += ` order by ${options.sortColumn} ${options.sortOrder === "desc" ? "desc" : "asc"}`;
  if (options.limit !== undefined) {
    params.push(options.limit);
    sql += ` limit $${params.length}`;
  }
  if (options.offset !== undefined) {
    params.push(options.offset);
    sql += ` offset $${params.length}`;
  }
  return runAs(ctx.db, caller, facts, async (q) => (await q.query<Bucket>(sql, params)).rows);
}

export async function getBucket(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  id: string,
): Promise<Bucket> {
  const row = await runAs(
    ctx.db,
    caller,
    facts,
    async (q) => (await q.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
  );
  if (!row) throw errors.noSuchBucket();
  return row;
}

/** The bucket as the service role sees it (upload limits, public flag); NoSuchBucket if absent. */
export async function findBucketAsService(
  ctx: StorageContext,
  facts: RequestFacts,
  id: string,
  query?: Query,
): Promise<Bucket> {
  const sql = `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`;
  const row = query
    ? (await query.query<Bucket>(sql, [id])).rows[0]
    : await runAsService(ctx.db, facts, async (q) => (await q.query<Bucket>(sql, [id])).rows[0]);
  if (!row) throw errors.noSuchBucket();
  return row;
}

export interface BucketInput {
  id: string;
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

export async function createBucket(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  input: BucketInput,
): Promise<void> {
  await runAs(
    ctx.db,
    caller,
    facts,
    (q) =>
      q.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4, $5, $6)`,
        [
          input.id,
          ownerUuid(caller),
          caller.ownerId ?? null,
          input.public ?? false,
          input.file_size_limit ?? null,
          input.allowed_mime_types ?? null,
        ],
      ),
    errors.bucketAlreadyExists,
  );
}

export async function updateBucket(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  id: string,
  changes: Omit<BucketInput, "id">,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const column of ["public", "file_size_limit", "allowed_mime_types"] as const) {
    if (changes[column] === undefined) continue;
    params.push(changes[column]);
    sets.push(`${column} = $${params.length}`);
  }
  const count = await runAs(
    ctx.db,
    caller,
    facts,
    async (q) => (await q.query(`update storage.buckets set ${sets.join(", ")} where id = $1`, params)).rowCount,
  );
  if (!count) throw errors.noSuchBucket();
}

/** Deletes every object of the bucket (files too). Upstream queues this; here it is synchronous. */
export async function emptyBucket(ctx: StorageContext, facts: RequestFacts, id: string): Promise<void> {
  const versions = await runAsService(ctx.db, facts, async (q) => {
    await findBucketAsService(ctx, facts, id, q);
    const count = Number(
      (
        await q.query<{ n: string }>(
          "select count(*) as n from (select 1 from storage.objects where bucket_id = $1 limit $2) t",
          [id, EMPTY_BUCKET_MAX_OBJECTS + 1],
        )
      ).rows[0]?.n ?? 0,
    );
    if (count > EMPTY_BUCKET_MAX_OBJECTS) throw errors.tooManyToEmpty();
    return (
      await q.query<{ version: string | null }>(
        "delete from storage.objects where bucket_id = $1 and created_at <= now() returning version",
        [id],
      )
    ).rows;
  });
  await ctx.files.remove(versions.map((row) => row.version));
}

/** Locks the bucket (service role), refuses if it holds objects, then deletes as the caller. */
export async function deleteBucket(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  id: string,
): Promise<void> {
  const deleted = await runAs(ctx.db, caller, facts, async (q) => {
    await q.query("savepoint service_scope; set local role service_role");
    const bucket = (await q.query("select id from storage.buckets where id = $1 for update", [id])).rows[0];
    if (!bucket) throw errors.noSuchBucket();
    if ((await q.query("select 1 from storage.objects where bucket_id = $1 limit 1", [id])).rowCount)
      throw errors.bucketNotEmpty();
    await q.query("release savepoint service_scope");
    await q.query("select set_config('role', $1, true)", [caller.role]);
    return (await q.query("delete from storage.buckets where id = $1", [id])).rowCount;
  });
  if (!deleted) throw errors.noSuchBucket();
}
