// What a TUS upload means for storage (src/http/routes/tus/lifecycle.ts): its id encodes
// bucket/object/version, its metadata names the object, and every error is a
// real HTTP status with the message as plain text.
import { randomUUID } from "node:crypto";
import { errors, StorageError } from "./errors.ts";

export interface TusObject {
  bucket: string;
  key: string;
}

/** `<bucket>/<object>/<version uuid>` → base64url, as upstream names uploads. */
export function newUploadId(object: TusObject): string {
  return Buffer.from(`${object.bucket}/${object.key}/${randomUUID()}`).toString("base64url");
}

export function objectOfUploadId(id: string): TusObject {
  const decoded = Buffer.from(id, "base64url").toString("utf8");
  const first = decoded.indexOf("/");
  const last = decoded.lastIndexOf("/");
  if (first < 0 || last <= first) throw tusError(404, "Upload not found");
  return { bucket: decoded.slice(0, first), key: decoded.slice(first + 1, last) };
}

export interface TusMetadata extends TusObject {
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

/** Decoded `Upload-Metadata` (the `key base64,key base64` header) or the library's parsed record. */
export function parseUploadMetadata(source: string | Record<string, string | null> | undefined | null): TusMetadata {
  const record: Record<string, string | null> = typeof source === "string" ? decodeHeader(source) : (source ?? {});
  const bucket = record.bucketName;
  const key = record.objectName;
  if (!bucket || !key) throw tusError(400, "Metadata header is required");
  const cache = record.cacheControl ?? "";
  let userMetadata: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = record.metadata ? JSON.parse(record.metadata) : undefined;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      userMetadata = parsed as Record<string, unknown>;
  } catch {
    userMetadata = undefined;
  }
  return {
    bucket,
    key,
    contentType: record.contentType || "application/octet-stream",
    cacheControl: /^\d+$/.test(cache) ? `max-age=${cache}` : "no-cache",
    userMetadata,
  };
}

function decodeHeader(header: string): Record<string, string | null> {
  const record: Record<string, string | null> = {};
  for (const pair of header.split(",")) {
    const [name, value] = pair.trim().split(" ");
    if (name) record[name] = value === undefined ? null : Buffer.from(value, "base64").toString("utf8");
  }
  return record;
}

/** The library's error shape: a status and a plain-text body. */
export interface TusError {
  status_code: number;
  body: string;
}

export function tusError(status: number, message: string): TusError {
  return { status_code: status, body: message };
}

/** Storage errors keep their semantic status on TUS routes (403 RLS, 409 exists, 413, 404). */
export function toTusError(error: unknown): TusError | undefined {
  if (error instanceof StorageError) return tusError(error.semanticStatus, error.message);
  if (error && typeof error === "object" && "status_code" in error && "body" in error) return error as TusError;
  return undefined;
}

export { errors };
