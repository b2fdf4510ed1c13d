import type { MessageId } from "../../../lib/i18n/messages";
import type { ChannelUpdateProblem } from "../api/update-channel";

const messages: Record<ChannelUpdateProblem, MessageId> = {
  nameTaken: "channelSettings.nameTaken",
  forbidden: "channelSettings.forbidden",
  failed: "channelSettings.failed",
};

/** The message for a failed channel update. */
export function updateProblemMessage(problem: ChannelUpdateProblem): MessageId {
  return messages[problem];
}
