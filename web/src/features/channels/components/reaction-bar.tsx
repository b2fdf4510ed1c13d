import { useIntl } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { groupReactions } from "../api/reaction-cache";
import { useToggleReaction } from "../api/reactions";
import { ReactionEmoji } from "../emoji-picker/reaction-emoji";
import { useChat } from "./chat-context";

/** A message's reactions: one toggle per emoji with its count; its name says who reacted. */
export function ReactionBar({ messageId }: { messageId: string }) {
  const t = useTranslate();
  const intl = useIntl();
  const { channelId, me, people, reactions, canPost } = useChat();
  const toggle = useToggleReaction(channelId);
  const groups = groupReactions(reactions, messageId, me);
  if (groups.length === 0) return null;
  return (
    <ul className="reaction-bar" aria-label={t("channels.reactions.label")}>
      {groups.map((group) => {
        const names = group.userIds.map((id) =>
          id === me
            ? t("channels.reactions.you")
            : (people?.get(id)?.display_name ?? t("channels.messages.unknownAuthor")),
        );
        const label = t("channels.reactions.summary", {
          emoji: group.emoji,
          count: group.userIds.length,
          names: intl.formatList(names, { type: "conjunction" }),
        });
        return (
          <li key={group.emoji}>
            <button
              type="button"
              className="reaction"
              aria-pressed={group.mine !== undefined}
              aria-label={label}
              title={label}
              disabled={!canPost}
              onClick={() => toggle.mutate({ messageId, emoji: group.emoji, mine: group.mine })}
            >
              <ReactionEmoji emoji={group.emoji} />{" "}
              <span aria-hidden="true">{intl.formatNumber(group.userIds.length)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
