import Pin from "lucide-react/icons/pin";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { PanelDialog } from "../../../components/ui/panel-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { usePeople } from "../api/list-people";
import { usePins, useTogglePin } from "../api/pins";
import { MessageSummary } from "./message-summary";

/** The conversation header's "Pinned" button: lists the conversation's pins, each with an Unpin button. */
export function PinnedMessagesButton({ channelId, canPost }: { channelId: string; canPost: boolean }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const pins = usePins(channelId);
  const people = usePeople();
  const toggle = useTogglePin(channelId);
  const count = pins.data?.length ?? 0;
  return (
    <PanelDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Others pin, and the caller saves in other tabs: show the list as it is now.
        if (next) void pins.refetch();
      }}
      title={t("channels.pins.title")}
      closeLabel={t("channels.panel.close")}
      trigger={
        <Button variant="quiet">
          <Pin size={16} aria-hidden="true" /> {t("channels.pins.button", { count })}
        </Button>
      }
    >
      {count === 0 ? (
        <p>{t("channels.pins.empty")}</p>
      ) : (
        <ul className="panel-dialog__list">
          {pins.data?.map((message) => (
            <MessageSummary key={message.id} message={message} people={people.data}>
              {canPost && (
                <Button
                  variant="link"
                  pending={toggle.isPending}
                  onClick={() => toggle.mutate({ messageId: message.id, pinned: true })}
                >
                  {t("channels.actions.unpin")}
                </Button>
              )}
            </MessageSummary>
          ))}
        </ul>
      )}
    </PanelDialog>
  );
}
