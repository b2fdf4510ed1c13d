import { ConversationNotificationsMenu } from "../../../lib/conversation-preferences/conversation-notifications-menu";
import type { Channel } from "../api/types";
import { ChannelMembersButton } from "./channel-members-button";
import { PinnedMessagesButton } from "./pinned-messages-button";
import { SavedMessagesLink } from "./saved-messages-link";

/** The conversation header's entry points: members (channels only), pinned messages, saved messages. */
export function ConversationTools({ channel, canPost }: { channel: Channel; canPost: boolean }) {
  return (
    <>
      {channel.kind === "channel" && <ChannelMembersButton channelId={channel.id} channelName={channel.name} />}
      <PinnedMessagesButton channelId={channel.id} canPost={canPost} />
      <SavedMessagesLink />
    </>
  );
}

/** The conversation's notification settings menu, beside its heading. */
export function ConversationMenu({ channel }: { channel: Channel }) {
  return <ConversationNotificationsMenu conversationId={channel.id} />;
}
