import { PageHeading } from "../../../components/ui/page-heading";
import { ConversationNotificationsMenu } from "../../../lib/conversation-preferences/conversation-notifications-menu";
import { AfterFirstScreen } from "../../../lib/first-screen/after-first-screen";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { Channel } from "../api/types";
import { ChannelHeaderActions } from "./channel-header-actions";
import { ChannelMembersButton } from "./channel-members-button";
import { useConversationLabels } from "./conversation-labels";
import { LazyConversationSearch } from "./lazy-chat-parts";
import { PinnedMessagesButton } from "./pinned-messages-button";
import { SavedMessagesLink } from "./saved-messages-link";

/** The open conversation's document title, heading, topic, search and entry points: `#name`, or a DM's people. */
export function ConversationHeader({ channel, canPost }: { channel: Channel; canPost: boolean }) {
  const t = useTranslate();
  const { title } = useConversationLabels(channel);
  return (
    <header className="channel-view__header">
      <title>{t("app.documentTitle", { page: title })}</title>
      <div id="channel-title">
        <PageHeading>{title}</PageHeading>
      </div>
      <ConversationNotificationsMenu conversationId={channel.id} />
      {channel.kind === "channel" && channel.topic && <p className="channel-view__topic">{channel.topic}</p>}
      {/* The field is not needed to read the messages: it loads after them, in the room kept for it. */}
      <AfterFirstScreen fallback={<div className="conversation-search" />}>
        <LazyConversationSearch
          workspaceId={channel.workspace_id}
          channelId={channel.id}
          label={t("channels.search.label", { conversation: title })}
        />
      </AfterFirstScreen>
      <div className="channel-view__header-tools">
        {channel.kind === "channel" && <ChannelMembersButton channelId={channel.id} channelName={channel.name} />}
        <PinnedMessagesButton channelId={channel.id} canPost={canPost} />
        <SavedMessagesLink />
      </div>
      {channel.kind === "channel" && <ChannelHeaderActions channelId={channel.id} channelName={channel.name} />}
    </header>
  );
}
