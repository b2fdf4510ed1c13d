import { Hash, Lock } from "lucide-react";
import { useParams } from "react-router";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useSidebarChannels } from "../api/list-sidebar-channels";
import { useUnreadCounts } from "../api/get-unread-counts";
import type { Workspace } from "../api/types";
import { useUnreadRealtime } from "../hooks/use-unread-realtime";
import { WorkspaceLinks } from "./workspace-links";

/** The workspace's channels with unread and mention badges; the open channel is `aria-current`. */
export function ChannelSidebar({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const t = useTranslate();
  const { channelId } = useParams();
  const channels = useSidebarChannels(workspace.id, userId);
  const unread = useUnreadCounts(workspace.id);
  useUnreadRealtime(workspace.id, userId);

  return (
    <nav className="channel-sidebar" aria-labelledby="channel-sidebar-title">
      <p className="channel-sidebar__workspace">
        <LocaleLink to="/w">{t("workspaces.shell.backToList")}</LocaleLink>
      </p>
      <WorkspaceLinks workspace={workspace} userId={userId} />
      <h2 id="channel-sidebar-title" className="channel-sidebar__title">
        {t("workspaces.shell.channels")}
      </h2>
      <ul className="channel-sidebar__list">
        {channels.data?.map((channel) => {
          const counts = channel.id === channelId ? undefined : unread.data?.get(channel.id);
          const Icon = channel.is_private ? Lock : Hash;
          return (
            <li key={channel.id}>
              <LocaleLink
                to={`/w/${workspace.slug}/c/${channel.id}`}
                className="channel-sidebar__link"
                aria-current={channel.id === channelId ? "page" : undefined}
                data-unread={Boolean(counts?.unread_count) || undefined}
              >
                <Icon size={16} aria-hidden="true" />
                <span className="channel-sidebar__name">{channel.name}</span>
                {channel.is_private && <span className="visually-hidden">{t("workspaces.shell.private")}</span>}
                {counts && counts.mention_count > 0 && (
                  <span className="channel-sidebar__badge channel-sidebar__badge--mention">
                    <span aria-hidden="true">@{counts.mention_count}</span>
                    <span className="visually-hidden">{t("workspaces.shell.mentions", { count: counts.mention_count })}</span>
                  </span>
                )}
                {counts && counts.unread_count > 0 && (
                  <span className="channel-sidebar__badge">
                    <span aria-hidden="true">{counts.unread_count}</span>
                    <span className="visually-hidden">{t("workspaces.shell.unread", { count: counts.unread_count })}</span>
                  </span>
                )}
              </LocaleLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
