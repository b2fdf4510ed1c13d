import type { MessageId } from "../../../lib/i18n/messages";

const messages: Record<string, MessageId> = {
  not_workspace_owner: "transfer.error.not_workspace_owner",
  not_authenticated: "transfer.error.not_authenticated",
  invalid_archive: "transfer.error.invalid_archive",
  archive_too_large: "transfer.error.archive_too_large",
  archive_not_found: "transfer.error.archive_not_found",
  upload_failed: "transfer.error.upload_failed",
  network: "transfer.error.network",
};

/** The catalog message for an export or import failure code (from the function or the upload). */
export const transferErrorMessageId = (code: string): MessageId => messages[code] ?? "transfer.error.unknown";
