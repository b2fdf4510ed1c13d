import type { MessageId } from "../../../lib/i18n/messages";
import type { WorkspaceRole } from "../../../lib/workspace/workspace-members";

/** The catalog id naming a role. */
export function roleMessageId(role: WorkspaceRole): MessageId {
  return role === "owner" ? "members.role.owner" : role === "admin" ? "members.role.admin" : "members.role.member";
}
