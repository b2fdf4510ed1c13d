import { useState } from "react";
import { PanelDialog } from "../../../components/ui/panel-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { LazyProfileCard } from "./lazy-chat-parts";

/**
 * A message author's name; it opens their profile card (`ProfileCard`, whose code loads with the
 * dialog on its first opening).
 */
export function ProfileCardButton({ userId, name }: { userId: string; name: string }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <PanelDialog
      open={open}
      onOpenChange={setOpen}
      title={name}
      closeLabel={t("channels.panel.close")}
      trigger={
        <button type="button" className="message__author message__author-button">
          {name}
        </button>
      }
    >
      <LazyProfileCard userId={userId} onClose={() => setOpen(false)} />
    </PanelDialog>
  );
}
