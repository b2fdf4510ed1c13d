import { useIntl } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useMessageVersions } from "../api/message-history";
import { FormattedText } from "../formatting/formatted-text";

/** A message's earlier versions, oldest first (the body of `EditHistoryButton`'s dialog, loaded on its first opening). */
export function EditHistory({ messageId }: { messageId: string }) {
  const t = useTranslate();
  const intl = useIntl();
  const versions = useMessageVersions(messageId, true);
  if (versions.data?.length === 0) return <p>{t("channels.history.empty")}</p>;
  return (
    <ol className="panel-dialog__list">
      {versions.data?.map((version) => (
        <li key={version.id} className="panel-dialog__item">
          <p className="panel-dialog__meta">
            {t("channels.history.written", {
              time: intl.formatDate(new Date(version.written_at), { dateStyle: "medium", timeStyle: "short" }),
            })}
          </p>
          <div dir="auto">
            <FormattedText text={version.body} />
          </div>
        </li>
      ))}
    </ol>
  );
}
