// Names, keys, sizes and MIME rules as supabase/storage applies them (src/storage/limits.ts).
import { errors } from "./errors.ts";

// Hyphen last so it stays a literal. ASCII only, as upstream.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
const RESERVED_BUCKET_SUFFIX = "--table-s3";

/** Standard (non-TUS) upload cap the CLI configures. */
export const STANDARD_UPLOAD_LIMIT = 5_242_880_000;
/** Objects a bucket may hold and still be emptied. */
export const EMPTY_BUCKET_MAX_OBJECTS = 200_000;
export const MAX_USER_METADATA_BYTES = 1024 * 1024;
/**
 * S3 refuses keys over 1,024 bytes (KeyTooLongError), so an S3-backed upstream cannot store them;
 * its own check is only the regex. Refused here up front as the InvalidKey upstream answers for
 * every other unstorable key (400 `Invalid key: <key>`).
 */
export const MAX_OBJECT_KEY_BYTES = 1024;

export function isValidKey(key: string): boolean {
  return key.length > 0 && Buffer.byteLength(key) <= MAX_OBJECT_KEY_BYTES && VALID_OBJECT_KEY.test(key);
}

/** Throws InvalidKey unless `key` passes upstream's key regex and fits S3's key length. */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !isValidKey(key)) throw errors.invalidKey(key ?? "");
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (
    !name ||
    name.length > 100 ||
    !VALID_BUCKET_NAME.test(name) ||
    name.trim() !== name ||
    name.endsWith(RESERVED_BUCKET_SUFFIX)
  ) {
    throw errors.invalidBucketName();
  }
}

/** `.emptyFolderPlaceholder` keys are capped at 0 bytes and skip the MIME check. */
export function isEmptyFolderPlaceholder(key: string): boolean {
  return key.endsWith(".emptyFolderPlaceholder");
}

/**
 * A bucket's `file_size_limit` from the API: bytes, or `<n><B|KB|MB|GB>` (decimal units, 3
 * significant digits), or null.
 * @example parseFileSizeLimit("1.5MB") === 1_500_000
 */
export function parseFileSizeLimit(value: number | string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 0) throw errors.invalidFileSize();
    return value;
  }
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!match) throw errors.invalidFileSize();
  const amount = Number(Number.parseFloat(match[1] ?? "0").toPrecision(3));
  const unit = (match[2] ?? "b").toUpperCase();
  const factor = unit === "GB" ? 1e9 : unit === "MB" ? 1e6 : unit === "KB" ? 1000 : 1;
  return Math.round(amount * factor);
}

/** Cleans and validates `allowed_mime_types`: empty strings dropped; `type/subtype[;params]` or `…*`. */
export function parseAllowedMimeTypes(types: string[] | null | undefined): string[] | null | undefined {
  if (types === undefined || types === null) return types;
  const cleaned = types.filter((type) => type !== "");
  for (const type of cleaned) {
    if (type.length > 1000 || !/^([a-zA-Z0-9\-+.]+\/[a-zA-Z0-9\-+.]+(;\s*charset=[a-zA-Z0-9\-_]+)?|.*\*)$/.test(type)) {
      throw errors.invalidRequest(`Invalid mime type "${type}"`, "InvalidRequest");
    }
  }
  return cleaned;
}

/**
 * Upstream's check: same type, and subtype `*` or the identical subtype string (so parameters
 * must match literally: `text/plain;charset=UTF-8` is not `text/plain`).
 */
export function mustBeAllowedMimeType(mimetype: string, allowed: readonly string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype] = splitMime(mimetype);
  const ok = allowed.some((entry) => {
    const [allowedType, allowedSubtype] = splitMime(entry);
    if (entry === "*" || entry === "*/*") return true;
    return allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype);
  });
  if (!ok) throw errors.invalidMimeType(mimetype);
}

function splitMime(value: string): [string, string] {
  const slash = value.indexOf("/");
  return slash < 0 ? [value, ""] : [value.slice(0, slash), value.slice(slash + 1)];
}

/** Effective byte cap of an upload: min(global, bucket, standard cap); 0 for folder placeholders. */
export function maxUploadSize(
  globalLimit: number,
  bucketLimit: number | null,
  key: string,
  cap = STANDARD_UPLOAD_LIMIT,
): number {
  if (isEmptyFolderPlaceholder(key)) return 0;
  return Math.min(globalLimit, bucketLimit ?? Number.POSITIVE_INFINITY, cap);
}
