import { useState } from "react";
import { useIntl } from "react-intl";
import { PanelDialog } from "../../../components/ui/panel-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useMessageVersions } from "../api/message-history";
import type { Message } from "../api/types";
import { FormattedText } from "../formatting/formatted-text";

/** "(edited)" beside a changed message; it opens the message's earlier versions, oldest first. */
export function EditHistoryButton({ message }: { message: Message }) {
  const t = useTranslate();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const versions = useMessageVersions(message.id, open);
  const when = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <PanelDialog
      open={open}
      onOpenChange={setOpen}
      title={t("channels.history.title")}
      closeLabel={t("channels.panel.close")}
      trigger={
        <button
          type="button"
          className="message__edited"
          title={t("channels.history.open", { time: when(message.edited_at ?? message.created_at) })}
        >
          {t("channels.messages.edited")}
        </button>
      }
    >
      {versions.data?.length === 0 ? (
        <p>{t("channels.history.empty")}</p>
      ) : (
        <ol className="panel-dialog__list">
          {versions.data?.map((version) => (
            <li key={version.id} className="panel-dialog__item">
              <p className="panel-dialog__meta">{t("channels.history.written", { time: when(version.written_at) })}</p>
              <div dir="auto">
                <FormattedText text={version.body} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </PanelDialog>
  );
}
