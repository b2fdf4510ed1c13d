import type { DetailedError, Upload } from "tus-js-client";
import type { BackendConfig } from "../../../lib/backend-config";
import { getSupabase } from "../../../lib/supabase";
import { attachmentBucket } from "./attachment-bucket";
import { AttachmentUploadError, type RunningUpload } from "./attachment-upload-error";
import type { UploadedFile } from "./send-message";

/** Storage's TUS endpoint takes chunks of exactly 6 MiB (the last one may be shorter). */
const chunkSize = 6 * 1024 * 1024;

/**
 * Uploads a chat file to `attachments/<workspace>/<channel>/<uuid>/<name>` through storage's TUS
 * endpoint (`/storage/v1/upload/resumable`), which — unlike supabase-js `upload()` — reports
 * progress and can be aborted (`cancel` also deletes the unfinished upload on the server).
 */
export function uploadAttachment(
  config: BackendConfig,
  target: { workspaceId: string; channelId: string },
  file: File,
  onProgress: (fraction: number) => void,
): RunningUpload {
  let upload: Upload | null = null;
  let cancelled = false;
  let stop: ((reason: unknown) => void) | null = null;
  const done = (async (): Promise<UploadedFile> => {
    // tus-js-client loads with the first upload, not with the conversation view.
    const [{ data }, dimensions, tus] = await Promise.all([
      getSupabase().auth.getSession(),
      imageSize(file),
      import("tus-js-client"),
    ]);
    const session = data.session;
    if (!session) throw new AttachmentUploadError(401);
    const safeName = file.name.replace(/[/\\]/g, "_").slice(0, 200) || "file";
    const objectPath = `${target.workspaceId}/${target.channelId}/${crypto.randomUUID()}/${safeName}`;
    const contentType = file.type || "application/octet-stream";
    await new Promise<void>((resolve, reject) => {
      if (cancelled) return reject(new DOMException("cancelled", "AbortError"));
      stop = reject;
      upload = new tus.Upload(file, {
        endpoint: `${config.url.replace(/\/$/, "")}/storage/v1/upload/resumable`,
        headers: { apikey: config.publishableKey, "x-upsert": "false" },
        // Each request carries the session's current token: a long upload outlives an access token.
        onBeforeRequest: async (request) => {
          const current = (await getSupabase().auth.getSession()).data.session ?? session;
          request.setHeader("authorization", `Bearer ${current.access_token}`);
        },
        metadata: { bucketName: attachmentBucket, objectName: objectPath, contentType, cacheControl: "3600" },
        chunkSize,
        uploadDataDuringCreation: true,
        removeFingerprintOnSuccess: true,
        retryDelays: [0, 1000, 3000],
        onShouldRetry: (error) => statusOf(error, tus.DetailedError) === 0 || statusOf(error, tus.DetailedError) >= 500,
        onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
        onSuccess: () => resolve(),
        onError: (error) => reject(new AttachmentUploadError(statusOf(error, tus.DetailedError))),
      });
      upload.start();
    });
    onProgress(1);
    return {
      object_path: objectPath,
      name: safeName,
      size_bytes: file.size,
      mime_type: contentType,
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
    };
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      (stop as ((reason: unknown) => void) | null)?.(new DOMException("cancelled", "AbortError"));
      void (upload as Upload | null)?.abort(true).catch(() => undefined);
    },
  };
}

function statusOf(error: Error, detailed: typeof DetailedError): number {
  return error instanceof detailed ? (error.originalResponse?.getStatus() ?? 0) : 0;
}

/** An image's pixel size, so the message reserves its space before the preview loads. */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (!file.type.startsWith("image/")) return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null; // a format the browser cannot decode (HEIC) is still a valid file
  }
}
