import { useIntl } from "react-intl";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { splitMentionTokens } from "../../../lib/mention-token";
import type { MessageId } from "../../../lib/i18n/messages";
import type { ActivityItem } from "../api/list-activity";

/** What each kind of item says (written out, so every message id appears in the source). */
const summaries: Record<ActivityItem["kind"], MessageId> = {
  mention: "activity.kind.mention",
  thread_reply: "activity.kind.thread_reply",
  direct_message: "activity.kind.direct_message",
  reaction: "activity.kind.reaction",
};

type ActivityEntryProps = {
  item: ActivityItem;
  workspaceSlug: string;
  /** Current names by user id, for the actor and for mentions in the excerpt. */
  nameOf: (userId: string | null) => string;
  onOpen: (item: ActivityItem) => void;
};

/** The channel opened at the message; a reply opens its thread beside its parent. */
function messageLink(workspaceSlug: string, item: ActivityItem): string {
  const parent = item.message?.thread_parent_id;
  const params = new URLSearchParams(parent ? { message: parent, thread: parent } : { message: item.message_id });
  return `/w/${workspaceSlug}/c/${item.channel_id}?${params.toString()}`;
}

/** One inbox item: what happened, by whom, when, an excerpt, and a link that opens it in place. */
export function ActivityEntry({ item, workspaceSlug, nameOf, onOpen }: ActivityEntryProps) {
  const t = useTranslate();
  const intl = useIntl();
  const summary = t(summaries[item.kind], { actor: nameOf(item.actor_id), emoji: item.reaction?.emoji ?? "" });
  const excerpt = splitMentionTokens(item.message?.body ?? "")
    .map((piece) => ("text" in piece ? piece.text : t("mentions.chip", { name: nameOf(piece.userId) })))
    .join("");
  return (
    <li className={item.read_at ? "activity-entry" : "activity-entry activity-entry--unread"}>
      <LocaleLink to={messageLink(workspaceSlug, item)} className="activity-entry__link" onClick={() => onOpen(item)}>
        <span className="activity-entry__summary">
          {!item.read_at && <span className="visually-hidden">{t("activity.unread")} </span>}
          {summary}
        </span>
        <time className="activity-entry__time" dateTime={item.created_at}>
          {intl.formatDate(item.created_at, { dateStyle: "medium", timeStyle: "short" })}
        </time>
        {excerpt && (
          <span className="activity-entry__excerpt" dir="auto">
            {excerpt}
          </span>
        )}
      </LocaleLink>
    </li>
  );
}
