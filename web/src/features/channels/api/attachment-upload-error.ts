import type { UploadedFile } from "./send-message";

/** A refused upload with storage's status (413 too large, 415 wrong type, 403 not allowed, 0 network). */
export class AttachmentUploadError extends Error {
  constructor(readonly status: number) {
    super(`attachment upload answered ${status}`);
  }
}

/** An upload under way: `done` settles with the stored file; `cancel` aborts it (rejecting with an AbortError). */
export type RunningUpload = { done: Promise<UploadedFile>; cancel: () => void };
