// The one error vocabulary of /storage/v1: codes, labels and messages of supabase/storage
// (src/internal/errors/codes.ts). REST routes answer HTTP 400 for every
// handled error except 416/403/500, carrying the semantic status in the body's `statusCode` string.

export enum ErrorCode {
  NoSuchBucket = "NoSuchBucket",
  NoSuchKey = "NoSuchKey",
  KeyAlreadyExists = "KeyAlreadyExists",
  BucketAlreadyExists = "BucketAlreadyExists",
  ResourceAlreadyExists = "ResourceAlreadyExists",
  AccessDenied = "AccessDenied",
  EntityTooLarge = "EntityTooLarge",
  InvalidMimeType = "InvalidMimeType",
  InvalidKey = "InvalidKey",
  InvalidBucketName = "InvalidBucketName",
  ResourceNotEmpty = "ResourceNotEmpty",
  InvalidJWT = "InvalidJWT",
  InvalidSignature = "InvalidSignature",
  InvalidRequest = "InvalidRequest",
  InvalidRange = "InvalidRange",
  InvalidParameter = "InvalidParameter",
  FeatureNotEnabled = "FeatureNotEnabled",
  Aborted = "Aborted",
  InternalError = "InternalError",
}

export interface StorageErrorBody {
  statusCode: string;
  error: string;
  message: string;
  code: ErrorCode;
}

/** A handled storage error: semantic status, upstream label and message, and the HTTP status sent. */
export class StorageError extends Error {
  override name = "StorageError";
  constructor(
    readonly code: ErrorCode,
    readonly semanticStatus: number,
    readonly label: string,
    message: string,
    /** Upstream sends 400 for all but a few explicit user statuses. */
    readonly httpStatus = semanticStatus >= 500 ? 500 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): StorageErrorBody {
    return { statusCode: String(this.semanticStatus), error: this.label, message: this.message, code: this.code };
  }

  toResponse(): Response {
    return new Response(JSON.stringify(this.body()), {
      status: this.httpStatus,
      headers: { "Content-Type": "application/json; charset=utf-8", ...this.headers },
    });
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(ErrorCode.NoSuchBucket, 404, "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageError(ErrorCode.NoSuchKey, 404, "not_found", "Object not found"),
  fileMissing: () =>
    new StorageError(ErrorCode.NoSuchKey, 404, "Not found", "The resource was not found", 400, {
      "Cache-Control": "no-store",
    }),
  keyAlreadyExists: () => new StorageError(ErrorCode.KeyAlreadyExists, 409, "Duplicate", "The resource already exists"),
  bucketAlreadyExists: () =>
    new StorageError(ErrorCode.BucketAlreadyExists, 409, "Duplicate", "The resource already exists"),
  resourceAlreadyExists: () =>
    new StorageError(ErrorCode.ResourceAlreadyExists, 409, "Duplicate", "The resource already exists"),
  rlsViolation: () =>
    new StorageError(ErrorCode.AccessDenied, 403, "Unauthorized", "new row violates row-level security policy"),
  accessDenied: (message = "Access denied") => new StorageError(ErrorCode.AccessDenied, 403, "Unauthorized", message),
  invalidToken: (message: string) => new StorageError(ErrorCode.AccessDenied, 403, "Unauthorized", message),
  /** Service-role-only routes answer a real 403. */
  invalidRole: (message = "Access denied: Invalid role") =>
    new StorageError(ErrorCode.AccessDenied, 403, "Unauthorized", message, 403),
  entityTooLarge: () =>
    new StorageError(
      ErrorCode.EntityTooLarge,
      413,
      "Payload too large",
      "The object exceeded the maximum allowed size",
    ),
  metadataTooLarge: () =>
    new StorageError(
      ErrorCode.EntityTooLarge,
      413,
      "Payload too large",
      "The user_metadata exceeded the maximum allowed size",
    ),
  invalidMimeType: (type: string) =>
    new StorageError(ErrorCode.InvalidMimeType, 415, "invalid_mime_type", `mime type ${type} is not supported`),
  invalidContentType: () =>
    new StorageError(ErrorCode.InvalidMimeType, 415, "invalid_mime_type", "Invalid Content-Type header"),
  invalidKey: (key: string) => new StorageError(ErrorCode.InvalidKey, 400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(ErrorCode.InvalidBucketName, 400, "Invalid Input", "Bucket name invalid"),
  bucketNotEmpty: () =>
    new StorageError(
      ErrorCode.ResourceNotEmpty,
      409,
      "ResourceNotEmpty",
      "The bucket you tried to delete is not empty",
    ),
  invalidJwt: (message: string) => new StorageError(ErrorCode.InvalidJWT, 400, "InvalidJWT", message),
  invalidSignature: (message = "Invalid signature") =>
    new StorageError(ErrorCode.InvalidSignature, 400, "InvalidSignature", message),
  noContent: () => new StorageError(ErrorCode.InvalidRequest, 400, "InvalidRequest", "No content provided"),
  invalidRange: () => new StorageError(ErrorCode.InvalidRange, 416, "invalid_range", "invalid range provided", 416),
  invalidRequest: (message: string, label = "Bad Request") =>
    new StorageError(ErrorCode.InvalidRequest, 400, label, message),
  invalidParameter: (name: string) =>
    new StorageError(ErrorCode.InvalidParameter, 400, "InvalidParameter", `Invalid Parameter ${name}`),
  invalidFileSize: () =>
    new StorageError(
      ErrorCode.InvalidRequest,
      400,
      "InvalidRequest",
      "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
    ),
  tooManyToEmpty: () =>
    new StorageError(
      ErrorCode.InvalidRequest,
      409,
      "InvalidRequest",
      "Unable to empty the bucket because it contains too many objects",
    ),
  featureNotEnabled: (feature: string) =>
    new StorageError(
      ErrorCode.FeatureNotEnabled,
      409,
      "FeatureNotEnabled",
      `The feature ${feature} is not enabled for this resource`,
    ),
  aborted: () => new StorageError(ErrorCode.Aborted, 499, "Aborted", "Request aborted", 499),
  routeNotFound: (method: string, path: string) =>
    new StorageError(ErrorCode.InvalidRequest, 404, "Not Found", `Route ${method}:${path} not found`, 404),
};

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a NUL byte or invalid UTF-8 in a key, a value
 * out of range) come from what the client sent, so they are a 400, never an internal error.
 */
export function fromDataException(error: unknown): StorageError | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string" || !/^22[0-9A-Z]{3}$/.test(code)) return undefined;
  return errors.invalidRequest((error as Error).message);
}

/** PostgreSQL errors the storage routes translate (storage src/storage/database/errors.ts). */
export function fromDatabaseError(
  error: unknown,
  onUnique: () => StorageError = errors.resourceAlreadyExists,
): StorageError | undefined {
  const code = (error as { code?: string }).code;
  if (code === "42501") return errors.rlsViolation();
  if (code === "23505") return onUnique();
  if (code === "23503") return errors.noSuchBucket();
  return undefined;
}
