import { Bookmark } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { PanelDialog } from "../../../components/ui/panel-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { usePeople } from "../api/list-people";
import { useSavedMessages, useToggleSaved } from "../api/saved-messages";
import { MessageSummary } from "./message-summary";

/** The "Saved" view: the caller's own saved messages from every conversation, each removable when done. */
export function SavedMessagesButton() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const saved = useSavedMessages();
  const people = usePeople();
  const toggle = useToggleSaved();
  const items = saved.data ?? [];
  return (
    <PanelDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Others pin, and the caller saves in other tabs: show the list as it is now.
        if (next) void saved.refetch();
      }}
      title={t("channels.saved.title")}
      closeLabel={t("channels.panel.close")}
      trigger={
        <Button variant="quiet">
          <Bookmark size={16} aria-hidden="true" /> {t("channels.saved.button")}
        </Button>
      }
    >
      {items.length === 0 ? (
        <p>{t("channels.saved.empty")}</p>
      ) : (
        <ul className="panel-dialog__list">
          {items.map((message) => (
            <MessageSummary key={message.id} message={message} people={people.data}>
              <Button
                variant="link"
                pending={toggle.isPending}
                onClick={() => toggle.mutate({ messageId: message.id, saved: true })}
              >
                {t("channels.saved.remove")}
              </Button>
            </MessageSummary>
          ))}
        </ul>
      )}
    </PanelDialog>
  );
}
