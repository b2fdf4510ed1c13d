import Compass from "lucide-react/icons/compass";
import { useParams } from "react-router";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useSidebarChannels } from "../api/list-sidebar-channels";
import { useUnreadCounts } from "../api/get-unread-counts";
import type { SidebarChannel, Workspace } from "../api/types";
import { useUnreadRealtime } from "../hooks/use-unread-realtime";
import { ConversationGroup } from "./conversation-group";
import { SidebarChannelLink } from "./sidebar-channel-link";
import { LocaleLink } from "../../../lib/i18n/locale-link";

/**
 * The workspace's channels with unread and mention badges; the open channel is `aria-current`.
 * Archived channels (read-only) sit apart in a disclosure, open when one of them is being read; DMs follow in
 * their own group.
 */
export function ChannelGroup({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const t = useTranslate();
  const { channelId } = useParams();
  const channels = useSidebarChannels(workspace.id, userId);
  const unread = useUnreadCounts(workspace.id);
  useUnreadRealtime(workspace.id, userId);
  const active = channels.data?.filter((channel) => !channel.archived_at) ?? [];
  const archived = channels.data?.filter((channel) => channel.archived_at) ?? [];
  const link = (channel: SidebarChannel) => (
    <SidebarChannelLink
      key={channel.id}
      channel={channel}
      workspaceSlug={workspace.slug}
      current={channel.id === channelId}
      counts={channel.id === channelId ? undefined : unread.data?.get(channel.id)}
    />
  );

  return (
    <ConversationGroup
      id="channel-sidebar"
      title={t("workspaces.shell.channels")}
      footer={
        archived.length > 0 && (
          <details
            className="channel-sidebar__archived"
            open={archived.some((channel) => channel.id === channelId) || undefined}
          >
            <summary>{t("workspaces.shell.archived", { count: archived.length })}</summary>
            <ul className="channel-sidebar__list">{archived.map(link)}</ul>
          </details>
        )
      }
    >
      {active.map(link)}
      <li>
        <LocaleLink to={`/w/${workspace.slug}/channels`} className="channel-sidebar__link">
          <Compass size={16} aria-hidden="true" />
          <span className="channel-sidebar__name">{t("channelDirectory.sidebarLink")}</span>
        </LocaleLink>
      </li>
    </ConversationGroup>
  );
}
