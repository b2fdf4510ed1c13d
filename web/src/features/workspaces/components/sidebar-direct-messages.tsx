import MessageSquarePlus from "lucide-react/icons/message-square-plus";
import User from "lucide-react/icons/user";
import Users from "lucide-react/icons/users";
import { useParams } from "react-router";
import { MutedMark } from "../../../lib/conversation-preferences/muted-mark";
import { DraftMark } from "../../../lib/drafts/draft-mark";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { StatusMark } from "../../../lib/statuses/status-mark";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useDirectConversations, useDirectConversationTitle } from "../../../lib/workspace/direct-conversations";
import { useUnreadCounts } from "../api/get-unread-counts";
import type { Workspace } from "../api/types";
import { useDirectConversationsRealtime } from "../hooks/use-direct-conversations-realtime";
import { ConversationGroup } from "./conversation-group";

/** The sidebar's "Direct messages" group: each DM by its people's names with its badges, and "New message". */
export function SidebarDirectMessages({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const t = useTranslate();
  const { channelId } = useParams();
  const conversations = useDirectConversations(workspace.id, userId);
  const unread = useUnreadCounts(workspace.id);
  const titleOf = useDirectConversationTitle();
  useDirectConversationsRealtime(workspace.id);
  const byRecent = [...(conversations.data ?? [])].sort((a, b) =>
    (unread.data?.get(b.id)?.last_message_at ?? "").localeCompare(unread.data?.get(a.id)?.last_message_at ?? ""),
  );

  return (
    <ConversationGroup id="direct-messages" title={t("directMessages.sidebar.title")}>
      {byRecent.map((conversation) => {
        const counts = conversation.id === channelId ? undefined : unread.data?.get(conversation.id);
        const Icon = conversation.others.length > 1 ? Users : User;
        return (
          <li key={conversation.id}>
            <LocaleLink
              to={`/w/${workspace.slug}/c/${conversation.id}`}
              className="channel-sidebar__link"
              aria-current={conversation.id === channelId ? "page" : undefined}
              data-unread={Boolean(counts?.unread_count) || undefined}
            >
              <Icon size={16} aria-hidden="true" />
              <span className="channel-sidebar__name">
                {conversation.others.length > 0 ? titleOf(conversation) : t("directMessages.onlyYou")}
              </span>
              {conversation.others.length === 1 && <StatusMark userId={conversation.others[0]?.userId} />}
              <MutedMark conversationId={conversation.id} />
              <DraftMark conversationId={conversation.id} />
              {counts && counts.unread_count > 0 && (
                <span className="channel-sidebar__badge">
                  <span aria-hidden="true">{counts.unread_count}</span>
                  <span className="visually-hidden">
                    {t("workspaces.shell.unread", { count: counts.unread_count })}
                  </span>
                </span>
              )}
            </LocaleLink>
          </li>
        );
      })}
      <li>
        <LocaleLink to={`/w/${workspace.slug}/dm/new`} className="channel-sidebar__link">
          <MessageSquarePlus size={16} aria-hidden="true" />
          <span className="channel-sidebar__name">{t("directMessages.sidebar.new")}</span>
        </LocaleLink>
      </li>
    </ConversationGroup>
  );
}
