import { useIntl } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { Message, Person } from "../api/types";

/** One message: author, time (through Intl, in the active locale) and body with its line breaks. */
export function MessageItem({ message, author }: { message: Message; author: Person | undefined }) {
  const t = useTranslate();
  const intl = useIntl();
  const created = new Date(message.created_at);
  return (
    <article className="message" aria-labelledby={`message-${message.id}-meta`}>
      <p id={`message-${message.id}-meta`} className="message__meta">
        <span className="message__author">{author?.display_name ?? t("channels.messages.unknownAuthor")}</span>{" "}
        <time className="message__time" dateTime={message.created_at}>
          {intl.formatDate(created, { dateStyle: "medium", timeStyle: "short" })}
        </time>
        {message.edited_at && !message.deleted_at && <span className="message__edited"> {t("channels.messages.edited")}</span>}
      </p>
      {message.deleted_at ? (
        <p className="message__body message__body--deleted">{t("channels.messages.deleted")}</p>
      ) : (
        <p className="message__body" dir="auto">
          {message.body}
        </p>
      )}
    </article>
  );
}
