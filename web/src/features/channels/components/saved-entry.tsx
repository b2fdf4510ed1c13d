import { useId } from "react";
import { useIntl } from "react-intl";
import { Button } from "../../../components/ui/button";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { Message, Person } from "../api/types";
import { FormattedText } from "../formatting/formatted-text";

type SavedEntryProps = {
  message: Message;
  workspaceSlug: string;
  /** Where it was said: `#name` or a DM's people. */
  conversation: string;
  people: Map<string, Person> | undefined;
  me: string;
  removing: boolean;
  onRemove: () => void;
};

/** The conversation opened at the message; a reply opens its thread beside its parent. */
function messageLink(workspaceSlug: string, message: Message): string {
  const parent = message.thread_parent_id;
  const params = new URLSearchParams(parent ? { message: parent, thread: parent } : { message: message.id });
  return `/w/${workspaceSlug}/c/${message.channel_id}?${params.toString()}`;
}

/** One saved message on the Saved page: where and by whom, its words, a link into the conversation, and Remove. */
export function SavedEntry({ message, workspaceSlug, conversation, people, me, removing, onRemove }: SavedEntryProps) {
  const t = useTranslate();
  const intl = useIntl();
  const metaId = useId();
  const author = message.author_id ? people?.get(message.author_id) : undefined;
  return (
    <li className="saved-entry" data-message-id={message.id}>
      <p id={metaId} className="saved-entry__meta">
        {t("channels.saved.meta", {
          author: author?.display_name ?? t("channels.messages.unknownAuthor"),
          conversation,
          time: intl.formatDate(new Date(message.created_at), { dateStyle: "medium", timeStyle: "short" }),
        })}
      </p>
      <div className="saved-entry__body" dir="auto">
        {message.deleted_at ? (
          t("channels.messages.deleted")
        ) : (
          <FormattedText text={message.body} mentions={{ names: people ?? new Map(), me }} />
        )}
      </div>
      <div className="saved-entry__actions">
        <LocaleLink to={messageLink(workspaceSlug, message)} className="saved-entry__open" aria-describedby={metaId}>
          {t("channels.saved.open")}
        </LocaleLink>
        <Button variant="link" pending={removing} onClick={onRemove} aria-describedby={metaId}>
          {t("channels.saved.remove")}
        </Button>
      </div>
    </li>
  );
}
