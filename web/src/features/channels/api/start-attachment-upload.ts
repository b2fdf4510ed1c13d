import type { BackendConfig } from "../../../lib/backend-config";
import type { RunningUpload } from "./attachment-upload-error";

/**
 * Starts `uploadAttachment` once its module is in: the upload code loads with the first file
 * attached, not with the conversation. A cancel while the module loads stops the upload before
 * it begins (the same AbortError as a cancel during the upload).
 */
export function startAttachmentUpload(
  config: BackendConfig,
  target: { workspaceId: string; channelId: string },
  file: File,
  onProgress: (fraction: number) => void,
): RunningUpload {
  let running: RunningUpload | null = null;
  let cancelled = false;
  const done = import("./upload-attachment").then(({ uploadAttachment }) => {
    if (cancelled) throw new DOMException("cancelled", "AbortError");
    running = uploadAttachment(config, target, file, onProgress);
    return running.done;
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      (running as RunningUpload | null)?.cancel();
    },
  };
}
