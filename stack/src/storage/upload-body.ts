// Reads an upload request as supabase/storage does (src/storage/uploader.ts fileUploadFromRequest):
// multipart takes the first file part and the fields before it;
// any other body is the raw bytes. Nothing is buffered: the file arrives as a stream.
import busboy from "busboy";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { discardRest } from "../gateway/index.ts";
import { errors } from "./errors.ts";
import { MAX_USER_METADATA_BYTES } from "./limits.ts";

export interface UploadBody {
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** Declared byte count (Content-Length), when known: what policies see as contentLength. */
  declaredLength: number | undefined;
  /** The file's bytes; must be consumed (or destroyed). */
  stream: Readable;
  /** Settles once the whole request body was parsed (multipart trailer included). */
  finished: Promise<void>;
}

/** A minimal view of the request so TUS and signed uploads can reuse the parser. */
export interface UploadRequest {
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

/**
 * Parses the body up to the file's first byte.
 * @example const body = await readUploadBody(c.req.raw, maxBytes);
 */
export async function readUploadBody(request: UploadRequest, maxBytes: number): Promise<UploadBody> {
  if (!request.body) throw errors.noContent();
  const contentType = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  const declaredLength = Number.isFinite(declared) ? declared : undefined;
  if (/^multipart\/form-data/i.test(contentType)) return readMultipart(request, contentType, maxBytes, declaredLength);
  if (declaredLength !== undefined && declaredLength > maxBytes) {
    discardRest(request.body);
    throw errors.entityTooLarge();
  }
  return {
    mimetype: contentType || "application/octet-stream",
    cacheControl: request.headers.get("cache-control") || "no-cache",
    userMetadata: parseMetadataHeader(request.headers.get("x-metadata")),
    declaredLength,
    stream: Readable.fromWeb(request.body as WebReadableStream<Uint8Array>),
    finished: Promise.resolve(),
  };
}

/** `x-metadata`: base64 of a JSON object; anything else is ignored, as upstream. */
export function parseMetadataHeader(value: string | null): Record<string, unknown> | undefined {
  if (!value) return undefined;
  return parseJsonObject(Buffer.from(value, "base64").toString("utf8"));
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function readMultipart(
  request: UploadRequest,
  contentType: string,
  maxBytes: number,
  declaredLength: number | undefined,
): Promise<UploadBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { files: 1, fields: 10, fileSize: maxBytes + 1, fieldSize: MAX_USER_METADATA_BYTES + 1 },
      });
    } catch {
      reject(errors.invalidContentType());
      return;
    }
    const fields = new Map<string, string>();
    let gotFile = false;
    let settle: { resolve: () => void; reject: (e: unknown) => void } | undefined;
    const finished = new Promise<void>((res, rej) => (settle = { resolve: res, reject: rej }));
    finished.catch(() => undefined);
    parser.on("field", (name, value, info) => {
      if (gotFile) return;
      if (
        (name === "metadata" || name === "userMetadata") &&
        (info.valueTruncated || value.length > MAX_USER_METADATA_BYTES)
      ) {
        reject(errors.metadataTooLarge());
        return;
      }
      fields.set(name, value);
    });
    parser.on("file", (_name, stream, info) => {
      if (gotFile) {
        stream.resume();
        return;
      }
      gotFile = true;
      const cache = fields.get("cacheControl");
      const metadata = fields.get("metadata") ?? fields.get("userMetadata");
      resolve({
        mimetype: fields.get("contentType") || info.mimeType || "application/octet-stream",
        cacheControl: cache ? `max-age=${cache}` : "no-cache",
        userMetadata: metadata === undefined ? undefined : parseJsonObject(metadata),
        declaredLength,
        stream,
        finished,
      });
    });
    parser.on("close", () => {
      settle?.resolve();
      if (!gotFile) reject(errors.noContent());
    });
    parser.on("error", (error) => {
      settle?.reject(error);
      reject(errors.invalidRequest((error as Error).message, "InvalidRequest"));
    });
    const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
    source.on("error", (error) => parser.destroy(error));
    source.pipe(parser);
  });
}
