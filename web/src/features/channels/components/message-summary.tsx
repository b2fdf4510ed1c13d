import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { Message, Person } from "../api/types";
import { FormattedText } from "../formatting/formatted-text";

/** A message shown in a list (the pinned messages): author, time, words, and the list's own control. */
export function MessageSummary({
  message,
  people,
  children,
}: {
  message: Pick<Message, "author_id" | "created_at" | "body">;
  people: Map<string, Person> | undefined;
  children?: ReactNode;
}) {
  const t = useTranslate();
  const intl = useIntl();
  const author = message.author_id ? people?.get(message.author_id) : undefined;
  return (
    <li className="panel-dialog__item">
      <p className="panel-dialog__meta">
        {t("channels.summary.meta", {
          author: author?.display_name ?? t("channels.messages.unknownAuthor"),
          time: intl.formatDate(new Date(message.created_at), { dateStyle: "medium", timeStyle: "short" }),
        })}
      </p>
      <div dir="auto">
        <FormattedText text={message.body} />
      </div>
      {children}
    </li>
  );
}
