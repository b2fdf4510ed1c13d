import { PageHeading } from "../../../components/ui/page-heading";
import { AfterFirstScreen } from "../../../lib/first-screen/after-first-screen";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { Channel } from "../api/types";
import { useConversationLabels } from "./conversation-labels";
import { LazyChannelHeaderActions, LazyConversationMenu, LazyConversationTools } from "./lazy-chat-parts";

/**
 * The open conversation's document title, heading, topic and entry points: `#name`, or a DM's people.
 * The entry points (menus, buttons) load once the messages have painted.
 */
export function ConversationHeader({ channel, canPost }: { channel: Channel; canPost: boolean }) {
  const t = useTranslate();
  const { title } = useConversationLabels(channel);
  return (
    <header className="channel-view__header">
      <title>{t("app.documentTitle", { page: title })}</title>
      <div id="channel-title">
        <PageHeading>{title}</PageHeading>
      </div>
      <AfterFirstScreen>
        <LazyConversationMenu channel={channel} />
      </AfterFirstScreen>
      {channel.kind === "channel" && channel.topic && <p className="channel-view__topic">{channel.topic}</p>}
      <div className="channel-view__header-tools">
        <AfterFirstScreen>
          <LazyConversationTools channel={channel} canPost={canPost} />
        </AfterFirstScreen>
      </div>
      {channel.kind === "channel" && (
        <AfterFirstScreen>
          <LazyChannelHeaderActions channelId={channel.id} channelName={channel.name} />
        </AfterFirstScreen>
      )}
    </header>
  );
}
