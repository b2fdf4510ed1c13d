import type { MessageId } from "../../../lib/i18n/messages";

const known: Record<string, MessageId> = {
  not_workspace_admin: "invites.error.not_workspace_admin",
  already_member: "invites.error.already_member",
  validation_failed: "invites.error.validation_failed",
  email_failed: "invites.error.email_failed",
  not_authenticated: "invites.error.not_authenticated",
  insufficient_aal: "auth.error.insufficientAal",
  network: "invites.error.network",
};

/** The message for an `invite-member` error code (see supabase/README.md); unknown codes get a generic one. */
export function inviteErrorMessageId(code: string | undefined): MessageId {
  return (code !== undefined && known[code]) || "invites.error.unknown";
}
