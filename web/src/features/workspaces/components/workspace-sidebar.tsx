import { ActivityNavLink } from "../../../lib/activity/activity-nav-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useAccountControls } from "../../../lib/shell/account-controls-slot";
import type { Workspace } from "../api/types";
import { useUnreadMentionBadge } from "../hooks/use-unread-mention-badge";
import { ChannelGroup } from "./channel-group";
import { OnlineMembers } from "./online-members";
import { SidebarDirectMessages } from "./sidebar-direct-messages";
import { WorkspaceLinks } from "./workspace-links";
import { WorkspaceSwitcher } from "./workspace-switcher";

/**
 * The workspace's sidebar at the window's start edge: the switcher, workspace-wide pages (search,
 * members…), the conversations grouped by kind, who is online, and the person's own menu at the
 * foot. Each part is its own component, so new groups and entries slot in beside the others.
 */
export function WorkspaceSidebar({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const t = useTranslate();
  const accountControls = useAccountControls();
  useUnreadMentionBadge(workspace.id);
  return (
    <nav className="workspace-sidebar" aria-label={t("workspaces.shell.conversations")}>
      <WorkspaceSwitcher workspace={workspace} />
      <div className="workspace-sidebar__scroll">
        <ActivityNavLink workspace={workspace} userId={userId} />
        <WorkspaceLinks workspace={workspace} userId={userId} />
        <ChannelGroup workspace={workspace} userId={userId} />
        <SidebarDirectMessages workspace={workspace} userId={userId} />
        <OnlineMembers workspaceId={workspace.id} userId={userId} />
      </div>
      <div className="workspace-sidebar__footer">{accountControls}</div>
    </nav>
  );
}
