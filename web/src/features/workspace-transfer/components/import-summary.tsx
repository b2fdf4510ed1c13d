import { useIntl } from "react-intl";
import { Alert } from "../../../components/ui/alert";
import type { MessageId } from "../../../lib/i18n/messages";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { ImportSummary } from "../api/import-summary";

type Row = [label: MessageId, value: number];

/** What an import added and what it left out, announced when it appears. */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const t = useTranslate();
  const intl = useIntl();
  const added: Row[] = [
    ["transfer.summary.channelsCreated", summary.channels.created],
    ["transfer.summary.channelsMatched", summary.channels.matched],
    ["transfer.summary.usersMatched", summary.users.matched],
    ["transfer.summary.usersPlaceholders", summary.users.placeholders],
    ["transfer.summary.messages", summary.messages.imported],
    ["transfer.summary.threads", summary.messages.threads],
    ["transfer.summary.reactions", summary.reactions],
    ["transfer.summary.filesImported", summary.files.imported],
    ["transfer.summary.filesLinked", summary.files.linked],
  ];
  const skipped: Row[] = (
    [
      ["transfer.summary.alreadyImported", summary.messages.already_imported],
      ["transfer.summary.directConversations", summary.skipped.direct_conversations],
      ["transfer.summary.systemMessages", summary.skipped.system_messages],
      ["transfer.summary.reactionsSkipped", summary.skipped.reactions],
    ] satisfies Row[]
  ).filter(([, value]) => value > 0);
  const list = (rows: Row[]) => (
    <dl className="transfer-summary__list">
      {rows.map(([label, value]) => (
        <div key={label} className="transfer-summary__row">
          <dt>{t(label)}</dt>
          <dd>{intl.formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );

  return (
    <Alert tone="success">
      <h3 className="transfer-summary__title">{t("transfer.summary.title")}</h3>
      <p>
        {t("transfer.summary.headline", {
          messages: summary.messages.imported,
          channels: summary.channels.created + summary.channels.matched,
        })}
      </p>
      {list(added)}
      <h4 className="transfer-summary__title">{t("transfer.summary.skippedTitle")}</h4>
      {skipped.length === 0 && summary.skipped.channels.length === 0 ? (
        <p>{t("transfer.summary.nothingSkipped")}</p>
      ) : (
        list(skipped)
      )}
      {summary.skipped.channels.length > 0 && (
        <p>
          {t("transfer.summary.invalidChannels", {
            names: intl.formatList(summary.skipped.channels, { type: "conjunction" }),
          })}
        </p>
      )}
    </Alert>
  );
}
