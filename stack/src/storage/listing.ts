// Listing. v1 calls storage.search as the caller; v2 queries
// storage.objects as the caller. Either way SELECT policies decide what is listed.
import type { StorageCaller } from "./caller.ts";
import type { StorageContext } from "./context.ts";
import { runAs, type RequestFacts } from "./db-scope.ts";
import { errors } from "./errors.ts";

export interface ListV1Options {
  prefix: string;
  limit?: number | undefined;
  offset?: number | undefined;
  sortBy?: { column: string; order?: string | undefined } | undefined;
  search?: string | undefined;
}

/** `list()`: one level under `prefix` (a folder: `/` appended), names relative to it. */
export function listObjectsV1(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  bucket: string,
  options: ListV1Options,
): Promise<unknown[]> {
  const prefix = options.prefix.length > 0 && !options.prefix.endsWith("/") ? `${options.prefix}/` : options.prefix;
  const params = [
    prefix,
    bucket,
    options.limit ?? 100,
    prefix.split("/").length,
    options.offset ?? 0,
    options.search ?? "",
    options.sortBy?.column ?? "name",
    options.sortBy?.order ?? "asc",
  ];
  return runAs(
    ctx.db,
    caller,
    facts,
    async (q) => (await q.query("select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)", params)).rows,
  );
}

export interface ListV2Options {
  prefix?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
  withDelimiter?: boolean | undefined;
  sortBy?: { column: "name" | "updated_at" | "created_at"; order?: "asc" | "desc" | undefined } | undefined;
}

interface Cursor {
  last: string;
  order?: string | undefined;
  column?: string | undefined;
  after?: string | undefined;
}

function encodeCursor(cursor: Cursor): string {
  const lines = [`l:${cursor.last}`];
  if (cursor.order) lines.push(`o:${cursor.order}`);
  if (cursor.column) lines.push(`c:${cursor.column}`);
  if (cursor.after) lines.push(`a:${cursor.after}`);
  return Buffer.from(lines.join("\n")).toString("base64");
}

function decodeCursor(value: string): Cursor {
  const cursor: Partial<Cursor> = {};
  for (const line of Buffer.from(value, "base64").toString("utf8").split("\n")) {
    const [tag, rest] = [line.slice(0, 2), line.slice(2)];
    if (tag === "l:") cursor.last = rest;
    else if (tag === "o:") cursor.order = rest;
    else if (tag === "c:") cursor.column = rest;
    else if (tag === "a:") cursor.after = rest;
    else throw errors.invalidParameter("cursor");
  }
  if (cursor.last === undefined) throw errors.invalidParameter("cursor");
  return cursor as Cursor;
}

interface Entry {
  name: string;
  is_folder: boolean;
  id: string | null;
  metadata: unknown;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
}

/** `listV2()`: flat keys under a raw prefix, or one level with folders; cursor pagination. */
export async function listObjectsV2(
  ctx: StorageContext,
  caller: StorageCaller,
  facts: RequestFacts,
  bucket: string,
  options: ListV2Options,
) {
  const limit = Math.min(options.limit ?? 1000, 1000);
  const prefix = options.prefix ?? "";
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const order = (cursor?.order ?? options.sortBy?.order) === "desc" ? "desc" : "asc";
  const requested = cursor?.column ?? options.sortBy?.column ?? "name";
  const column = ["updated_at", "created_at"].includes(requested) ? requested : "name";
  const cmp = order === "desc" ? "<" : ">";
  const params: unknown[] = [bucket, prefix, limit + 1];
  const entryName = options.withDelimiter
    ? `case when position('/' in substr(o.name, length($2) + 1)) > 0
         then left(o.name, length($2) + position('/' in substr(o.name, length($2) + 1))) else o.name end`
    : "o.name";
  let after = "";
  if (cursor) {
    params.push(cursor.last);
    if (column === "name") after = `and e.name collate "C" ${cmp} $4`;
    else {
      params.push(cursor.after ?? null);
      // The cursor carries milliseconds (ISO); compare at that precision, as upstream does.
      after = `and (date_trunc('milliseconds', e.${column}), e.name collate "C") ${cmp} (coalesce(nullif($5, '')::timestamptz, 'epoch'), $4 collate "C")`;
    }
  }
  const isFolder = options.withDelimiter ? "position('/' in substr(o.name, length($2) + 1)) > 0" : "false";
  const sql = `
    with entries as (
      select ${entryName} as name, ${isFolder} as is_folder, o.id, o.metadata, o.updated_at, o.created_at, o.last_accessed_at
      from storage.objects o where o.bucket_id = $1 and starts_with(o.name, $2)
    ), grouped as (
      -- Folders take the earliest created_at of what they hold, as upstream's search_by_timestamp.
      select e.name, true as is_folder, null::uuid as id, null::jsonb as metadata,
             min(e.created_at) as updated_at, min(e.created_at) as created_at, null::timestamptz as last_accessed_at
      from entries e where e.is_folder group by e.name
      union all
      select e.name, false, e.id, e.metadata, e.updated_at, e.created_at, e.last_accessed_at from entries e where not e.is_folder
    )
    select * from ${options.withDelimiter ? "grouped" : "entries"} e
    where true ${after}
    order by ${column === "name" ? `e.name collate "C" ${order}` : `e.${column} ${order}, e.name collate "C" ${order}`}
    limit $3`;
  const rows = await runAs(ctx.db, caller, facts, async (q) => (await q.query<Entry>(sql, params)).rows);
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const folders: unknown[] = [];
  const objects: unknown[] = [];
  for (const row of page) {
    const { is_folder: folder, ...entry } = row;
    if (folder) folders.push({ id: null, key: row.name.slice(prefix.length, -1), name: row.name });
    else objects.push({ ...entry, ...(options.withDelimiter ? { key: row.name.slice(prefix.length) } : {}) });
  }
  const last = page.at(-1);
  const lastSort = last && column !== "name" ? (last[column as "updated_at" | "created_at"] ?? undefined) : undefined;
  return {
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({
            last: last.name,
            order: options.sortBy?.order ?? cursor?.order,
            column: column === "name" ? options.sortBy?.column : column,
            after: lastSort?.toISOString(),
          }),
          nextCursorKey: last.name,
        }
      : {}),
    folders,
    objects,
  };
}
