import type { Context } from "hono";
import type { Logger } from "pino";
import type { Database } from "../db/index.ts";
import type { GatewayEnv, KeyRing } from "../gateway/index.ts";
import type { RequestFacts } from "./db-scope.ts";
import type { FileStore } from "./file-store.ts";

/** What the storage routes share: built once per service start. */
export interface StorageContext {
  db: Database;
  keys: KeyRing;
  files: FileStore;
  logger: Logger;
  /** `[storage] file_size_limit`, bytes. */
  globalFileSizeLimit: number;
  imageTransformation: boolean;
  /** The gateway's public URL (TUS Location headers). */
  apiUrl: () => string;
}

export type StorageHandler = (c: Context<GatewayEnv>, ctx: StorageContext) => Promise<Response>;

/** One endpoint: method, Hono path relative to /storage/v1, and its handler. */
export interface StorageRoute {
  method: "GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS";
  path: string;
  handler: StorageHandler;
}

export const BASE_PATH = "/storage/v1";

/** Method, path, headers and operation name policies can read (storage.operation()). */
export function requestFacts(c: Context<GatewayEnv>, operation: string): RequestFacts {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const pathname = new URL(c.req.url).pathname;
  return { method: c.req.method, path: pathname.slice(BASE_PATH.length) || "/", headers, operation };
}

/**
 * The percent-decoded path segments after the route's fixed words: `[bucket, key]`.
 * Each segment is decoded once, as upstream; the rest after the bucket is the key.
 * @example bucketAndKey(c, 2) // "/storage/v1/object/public/avatars/a/b.png" → ["avatars", "a/b.png"]
 */
export function bucketAndKey(c: Context<GatewayEnv>, fixedSegments: number): [string, string] {
  const segments = new URL(c.req.url).pathname
    .slice(BASE_PATH.length + 1)
    .split("/")
    .slice(fixedSegments)
    .map(decodeSegment);
  return [segments[0] ?? "", segments.slice(1).join("/")];
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
