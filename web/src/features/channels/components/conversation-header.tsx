import { PageHeading } from "../../../components/ui/page-heading";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { Channel } from "../api/types";
import { useConversationLabels } from "./conversation-labels";
import { PinnedMessagesButton } from "./pinned-messages-button";
import { SavedMessagesButton } from "./saved-messages-button";

/** The open conversation's document title, heading and topic: `#name`, or a DM's people. */
export function ConversationHeader({ channel, canPost }: { channel: Channel; canPost: boolean }) {
  const t = useTranslate();
  const { title } = useConversationLabels(channel);
  return (
    <header className="channel-view__header">
      <title>{t("app.documentTitle", { page: title })}</title>
      <div id="channel-title">
        <PageHeading>{title}</PageHeading>
      </div>
      {channel.kind === "channel" && channel.topic && <p className="channel-view__topic">{channel.topic}</p>}
      <div className="channel-view__header-tools">
        <PinnedMessagesButton channelId={channel.id} canPost={canPost} />
        <SavedMessagesButton />
      </div>
    </header>
  );
}
