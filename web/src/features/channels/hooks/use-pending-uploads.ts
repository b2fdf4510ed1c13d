import { useCallback, useEffect, useRef, useState } from "react";
import type { MessageId } from "../../../lib/i18n/messages";
import { useBackendConfig } from "../../../lib/backend-config-context";
import { getSupabase } from "../../../lib/supabase";
import { attachmentBucket, fileProblem, type BucketLimits } from "../api/attachment-bucket";
import type { UploadedFile } from "../api/send-message";
import { AttachmentUploadError } from "../api/attachment-upload-error";
import { startAttachmentUpload } from "../api/start-attachment-upload";

export type PendingUpload = {
  key: string;
  file: File;
  progress: number;
  status: "uploading" | "done" | "failed";
  problem?: MessageId;
  result?: UploadedFile;
};

function problemOf(error: unknown): MessageId {
  if (error instanceof AttachmentUploadError) {
    if (error.status === 413) return "channels.attachments.tooLarge";
    if (error.status === 415 || error.status === 422) return "channels.attachments.wrongType";
    if (error.status === 401 || error.status === 403) return "channels.attachments.notAllowed";
  }
  return "channels.attachments.failed";
}

/**
 * Files on their way into a message: each is checked against the bucket's limits before a byte
 * is sent, then uploaded with progress; removing one cancels its upload or deletes its file.
 */
export function usePendingUploads(
  target: { workspaceId: string; channelId: string },
  limits: BucketLimits | undefined,
) {
  const config = useBackendConfig();
  const [items, setItems] = useState<PendingUpload[]>([]);
  const cancels = useRef(new Map<string, () => void>());
  // Uploaded but not yet sent: removed from the bucket if the composer goes away without sending.
  const unsent = useRef(new Set<string>());

  const update = useCallback((key: string, change: Partial<PendingUpload>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = crypto.randomUUID();
        const refused = limits ? fileProblem(file, limits) : null;
        if (refused) {
          const problem: MessageId =
            refused === "tooLarge" ? "channels.attachments.tooLarge" : "channels.attachments.wrongType";
          setItems((current) => [...current, { key, file, progress: 0, status: "failed", problem }]);
          continue;
        }
        setItems((current) => [...current, { key, file, progress: 0, status: "uploading" }]);
        const running = startAttachmentUpload(config, target, file, (progress) => update(key, { progress }));
        cancels.current.set(key, running.cancel);
        running.done
          .then(
            (result) => {
              unsent.current.add(result.object_path);
              update(key, { status: "done", progress: 1, result });
            },
            (error: unknown) => {
              if (error instanceof DOMException && error.name === "AbortError") return;
              update(key, { status: "failed", problem: problemOf(error) });
            },
          )
          .finally(() => cancels.current.delete(key));
      }
    },
    [config, limits, target, update],
  );

  const remove = useCallback((item: PendingUpload) => {
    cancels.current.get(item.key)?.();
    if (item.result) {
      unsent.current.delete(item.result.object_path);
      void getSupabase().storage.from(attachmentBucket).remove([item.result.object_path]);
    }
    setItems((current) => current.filter((other) => other.key !== item.key));
  }, []);

  /** Forgets the list after its files were attached to a sent message. */
  const clear = useCallback(() => {
    unsent.current.clear();
    setItems([]);
  }, []);

  // Leaving the channel cancels what is still uploading and removes files that were never sent.
  useEffect(() => {
    const running = cancels.current;
    const leftovers = unsent.current;
    return () => {
      running.forEach((cancel) => cancel());
      if (leftovers.size > 0)
        void getSupabase()
          .storage.from(attachmentBucket)
          .remove([...leftovers]);
    };
  }, []);

  return { items, add, remove, clear };
}
