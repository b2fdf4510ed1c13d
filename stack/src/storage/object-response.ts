// How an object goes back to the client (src/storage/renderer/renderer.ts, head.ts, info.ts):
// headers from the stored metadata, ranges, conditional requests,
// `download` filenames; bytes streamed from disk.
import { Readable } from "node:stream";
import type { StorageContext } from "./context.ts";
import { errors } from "./errors.ts";
import type { ObjectRow } from "./objects.ts";
import { parseRange } from "./range.ts";

export interface RenderOptions {
  method: "GET" | "HEAD";
  headers: Headers;
  /** `?download` value: undefined = inline, "" = attachment without a name. */
  download: string | undefined;
  /** Signed downloads send `Expires` instead of `Cache-Control`. */
  expires?: Date;
}

/** Upstream serves stored `text/html` as text/plain so buckets cannot host pages. */
function servedContentType(mimetype: string | undefined): string {
  const type = mimetype ?? "application/octet-stream";
  return /^text\/html/i.test(type) ? type.replace(/^text\/html/i, "text/plain") : type;
}

export function objectHeaders(row: ObjectRow, options: Pick<RenderOptions, "download" | "expires">): Headers {
  const meta = row.metadata ?? {};
  const headers = new Headers();
  headers.set("Content-Type", servedContentType(meta.mimetype));
  if (meta.eTag) headers.set("ETag", meta.eTag);
  if (meta.lastModified) headers.set("Last-Modified", new Date(meta.lastModified).toUTCString());
  headers.set("Accept-Ranges", "bytes");
  headers.set("X-Robots-Tag", meta.xRobotsTag ?? "none");
  // Not in upstream's renderer: with it a browser never runs an upload it was told is text or an
  // image as something else (a script, a page) from the API's origin. Clients that trust
  // Content-Type, as supabase-js does, see no difference.
  headers.set("X-Content-Type-Options", "nosniff");
  if (options.expires) headers.set("Expires", options.expires.toUTCString());
  else if (meta.cacheControl) headers.set("Cache-Control", meta.cacheControl);
  if (options.download !== undefined) {
    const name = encodeURIComponent(options.download);
    headers.set(
      "Content-Disposition",
      options.download === "" ? "attachment;" : `attachment; filename=${name}; filename*=UTF-8''${name}`,
    );
  }
  return headers;
}

function notModified(row: ObjectRow, request: Headers): boolean {
  const meta = row.metadata ?? {};
  const ifNoneMatch = request.get("if-none-match");
  if (ifNoneMatch !== null) return meta.eTag !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(meta.eTag);
  const since = request.get("if-modified-since");
  if (since && meta.lastModified) {
    const sinceMs = Date.parse(since);
    return !Number.isNaN(sinceMs) && Math.floor(Date.parse(meta.lastModified) / 1000) * 1000 <= sinceMs;
  }
  return false;
}

/**
 * Streams the object (or answers HEAD / 304 / 206).
 * @example return renderObject(ctx, row, { method: "GET", headers: c.req.raw.headers, download: c.req.query("download") });
 */
export async function renderObject(ctx: StorageContext, row: ObjectRow, options: RenderOptions): Promise<Response> {
  const headers = objectHeaders(row, options);
  if (options.method === "HEAD") {
    const length = row.metadata?.contentLength ?? row.metadata?.size;
    if (length !== undefined) headers.set("Content-Length", String(length));
    return new Response(null, { status: 200, headers });
  }
  const size = row.version ? await ctx.files.size(row.version) : undefined;
  if (size === undefined || !row.version) throw errors.fileMissing();
  if (notModified(row, options.headers)) return new Response(null, { status: 304, headers });
  const range = parseRange(options.headers.get("range") ?? undefined, size);
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(toWeb(ctx.files.read(row.version, range)), { status: 206, headers });
  }
  headers.set("Content-Length", String(size));
  return new Response(toWeb(ctx.files.read(row.version)), { status: 200, headers });
}

function toWeb(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
}

/** `GET /object/info/…`: the row as JSON, as upstream's InfoRenderer shapes it. */
export function renderInfo(row: ObjectRow): Response {
  const meta = row.metadata ?? {};
  const headers = new Headers({ "Content-Type": "application/json" });
  if (meta.eTag) headers.set("ETag", meta.eTag);
  if (meta.cacheControl) headers.set("Cache-Control", meta.cacheControl);
  if (meta.lastModified) headers.set("Last-Modified", new Date(meta.lastModified).toUTCString());
  const body = {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
  return new Response(JSON.stringify(body), { status: 200, headers });
}
