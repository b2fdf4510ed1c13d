import Archive from "lucide-react/icons/archive";
import Hash from "lucide-react/icons/hash";
import Lock from "lucide-react/icons/lock";
import { MutedMark } from "../../../lib/conversation-preferences/muted-mark";
import { DraftMark } from "../../../lib/drafts/draft-mark";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { SidebarChannel, UnreadCount } from "../api/types";

type SidebarChannelLinkProps = {
  channel: SidebarChannel;
  workspaceSlug: string;
  current: boolean;
  counts: UnreadCount | undefined;
};

/** One channel in the sidebar: its kind, name, and unread and mention badges. */
export function SidebarChannelLink({ channel, workspaceSlug, current, counts }: SidebarChannelLinkProps) {
  const t = useTranslate();
  const Icon = channel.archived_at ? Archive : channel.is_private ? Lock : Hash;
  return (
    <li>
      <LocaleLink
        to={`/w/${workspaceSlug}/c/${channel.id}`}
        className="channel-sidebar__link"
        aria-current={current ? "page" : undefined}
        data-unread={Boolean(counts?.unread_count) || undefined}
      >
        <Icon size={16} aria-hidden="true" />
        <span className="channel-sidebar__name">{channel.name}</span>
        {channel.is_private && <span className="visually-hidden">{t("workspaces.shell.private")}</span>}
        <DraftMark conversationId={channel.id} />
        <MutedMark conversationId={channel.id} />
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
}
