// TUS 1.0 resumable uploads at /upload/resumable (and /upload/resumable/sign), on @tus/server with
// its file store under <dataDir>/storage/tus. Hooks apply storage's rules: metadata, bucket
// limits, MIME, the caller's permission test; a finished upload becomes an object row just as a plain
// upload does (saveObjectRow).
import { Server, type Upload } from "@tus/server";
import path from "node:path";
import { findBucketAsService } from "./buckets.ts";
import type { StorageCaller } from "./caller.ts";
import { BASE_PATH, type StorageContext } from "./context.ts";
import type { RequestFacts } from "./db-scope.ts";
import { isEmptyFolderPlaceholder, maxUploadSize, mustBeAllowedMimeType, mustBeValidKey } from "./limits.ts";
import { fileMetadata, saveObjectRow, testUploadPermission } from "./objects.ts";
import { PrivateTusFileStore } from "./private-tus-store.ts";
import { verifySignedToken } from "./signing.ts";
import {
  newUploadId,
  objectOfUploadId,
  parseUploadMetadata,
  toTusError,
  tusError,
  type TusObject,
} from "./tus-upload.ts";

/** Who a TUS request acts for: a JWT caller, or the owner/upsert a signed upload token grants. */
export type TusActor =
  { kind: "caller"; caller: StorageCaller; upsert: boolean } | { kind: "signed"; token: string | undefined };

interface ResolvedActor {
  caller: StorageCaller | null;
  owner: Pick<StorageCaller, "ownerId">;
  upsert: boolean;
}

export interface TusService {
  handle(request: Request, actor: TusActor): Promise<Response>;
}

const UNLIMITED_TUS = Number.MAX_SAFE_INTEGER;

/**
 * Builds the TUS server for `/upload/resumable` or its signed variant.
 * @example const tus = createTusService(ctx, false); return tus.handle(c.req.raw, { kind: "caller", caller, upsert });
 */
export function createTusService(ctx: StorageContext, signed: boolean): TusService {
  const actors = new WeakMap<Request, TusActor>();
  const directory = ctx.files.tusDir;
  const datastore = new PrivateTusFileStore({ directory });
  const facts = (req: Request, operation: string): RequestFacts => ({
    method: req.method,
    path: new URL(req.url).pathname.slice(BASE_PATH.length),
    headers: Object.fromEntries(req.headers.entries()),
    operation: `${operation}${signed ? "_signed" : ""}`,
  });

  async function resolveActor(req: Request, object: TusObject): Promise<ResolvedActor> {
    const actor = actors.get(req);
    if (!actor) throw tusError(403, "Access denied");
    if (actor.kind === "caller") return { caller: actor.caller, owner: actor.caller, upsert: actor.upsert };
    const claims = await verifySignedToken(ctx, actor.token, `${object.bucket}/${object.key}`, "upload");
    return { caller: null, owner: { ownerId: claims.owner }, upsert: claims.upsert === true };
  }

  async function limitFor(req: Request, object: TusObject): Promise<number> {
    const bucket = await findBucketAsService(ctx, facts(req, "storage.tus.upload.limit"), object.bucket);
    return maxUploadSize(ctx.globalFileSizeLimit, bucket.file_size_limit, object.key, UNLIMITED_TUS);
  }

  async function permissionTest(req: Request, upload: Upload, operation: string): Promise<void> {
    const meta = parseUploadMetadata(upload.metadata);
    const actor = await resolveActor(req, meta);
    if (!actor.caller) return;
    await testUploadPermission(ctx, actor.caller, facts(req, operation), {
      bucket: meta.bucket,
      key: meta.key,
      upsert: actor.upsert,
      mimetype: meta.contentType,
      contentLength: upload.size,
      userMetadata: meta.userMetadata,
      owner: actor.owner,
    });
  }

  const server = new Server({
    path: `${BASE_PATH}/upload/resumable${signed ? "/sign" : ""}`,
    datastore,
    disableTerminationForFinishedUploads: true,
    allowedHeaders: ["Authorization", "X-Upsert", "Upload-Expires", "ApiKey", "x-signature"],
    namingFunction: (_req, metadata) => {
      const meta = parseUploadMetadata(metadata as Record<string, string | null> | undefined);
      return newUploadId(meta);
    },
    maxSize: async (req, id) => {
      const object = id ? objectOfUploadId(id) : parseUploadMetadata(req.headers.get("upload-metadata"));
      return limitFor(req as unknown as Request, object);
    },
    onUploadCreate: async (req, upload) => {
      const meta = parseUploadMetadata(upload.metadata);
      mustBeValidKey(meta.key);
      const bucket = await findBucketAsService(
        ctx,
        facts(req as unknown as Request, "storage.tus.upload.create"),
        meta.bucket,
      );
      if (!isEmptyFolderPlaceholder(meta.key)) mustBeAllowedMimeType(meta.contentType, bucket.allowed_mime_types);
      await permissionTest(req as unknown as Request, upload, "storage.tus.upload.create");
      return { metadata: upload.metadata ?? {} };
    },
    onIncomingRequest: async (req, id) => {
      const request = req as unknown as Request;
      if (request.method !== "PATCH" && request.method !== "DELETE") return;
      const upload = await datastore.getUpload(id);
      await permissionTest(
        request,
        upload,
        request.method === "PATCH" ? "storage.tus.upload.patch" : "storage.tus.upload.delete",
      );
    },
    onUploadFinish: async (req, upload) => {
      const request = req as unknown as Request;
      const meta = parseUploadMetadata(upload.metadata);
      const actor = await resolveActor(request, meta);
      const stored = await ctx.files.adopt(path.join(directory, upload.id));
      await datastore.configstore.delete(upload.id);
      const intent = {
        bucket: meta.bucket,
        key: meta.key,
        upsert: actor.upsert,
        userMetadata: meta.userMetadata,
        owner: actor.owner,
      };
      await saveObjectRow(
        ctx,
        facts(request, "storage.tus.upload.finish"),
        intent,
        stored,
        fileMetadata(stored, meta.contentType, meta.cacheControl),
      );
      return { headers: { "Tus-Complete": "1" } };
    },
    onResponseError: (_req, error) => {
      const mapped = toTusError(error);
      if (!mapped) ctx.logger.error({ err: error }, "tus upload failed");
      return mapped;
    },
  });

  return {
    handle(request, actor) {
      actors.set(request, actor);
      return server.handleWeb(request);
    },
  };
}
