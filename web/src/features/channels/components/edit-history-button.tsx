import { useState } from "react";
import { useIntl } from "react-intl";
import { PanelDialog } from "../../../components/ui/panel-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { Message } from "../api/types";
import { LazyEditHistory } from "./lazy-chat-parts";

/** "(edited)" beside a changed message; it opens the message's earlier versions (`EditHistory`, loaded on first opening). */
export function EditHistoryButton({ message }: { message: Message }) {
  const t = useTranslate();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
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
      <LazyEditHistory messageId={message.id} />
    </PanelDialog>
  );
}
