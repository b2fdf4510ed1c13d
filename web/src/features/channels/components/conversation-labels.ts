import { useSession } from "../../../lib/auth/auth-state";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useDirectConversations, useDirectConversationTitle } from "../../../lib/workspace/direct-conversations";
import type { Channel } from "../api/types";

/** How the open conversation is named to screen readers and in the timeline and composers. */
export type ConversationLabels = {
  /** The conversation's heading: `#name`, or a DM's other people ("Ana and Ben"). */
  title: string;
  messages: string;
  beginning: string;
  composer: string;
  threadComposer: string;
};

/**
 * Labels for a channel or a DM. A DM has no name of its own: it is called by its other people's
 * current names, in the active locale's list style.
 */
export function useConversationLabels(channel: Channel): ConversationLabels {
  const t = useTranslate();
  const me = useSession()?.user.id ?? "";
  const direct = channel.kind === "direct";
  const conversations = useDirectConversations(direct ? channel.workspace_id : "", me);
  const titleOf = useDirectConversationTitle();
  if (!direct) {
    return {
      title: t("channels.view.title", { channel: channel.name }),
      messages: t("channels.messages.label", { channel: channel.name }),
      beginning: t("channels.messages.beginning", { channel: channel.name }),
      composer: t("channels.composer.label", { channel: channel.name }),
      threadComposer: t("channels.thread.composer", { channel: channel.name }),
    };
  }
  const conversation = conversations.data?.find((item) => item.id === channel.id);
  // Empty while the DM list loads; "only you" once everyone else has gone.
  const people = !conversation
    ? ""
    : conversation.others.length > 0
      ? titleOf(conversation)
      : t("directMessages.onlyYou");
  return {
    title: people,
    messages: t("directMessages.view.messages", { people }),
    beginning: t("directMessages.view.beginning", { people }),
    composer: t("directMessages.view.composer", { people }),
    threadComposer: t("directMessages.view.threadComposer", { people }),
  };
}
