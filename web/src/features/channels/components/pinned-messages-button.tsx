import Pin from "lucide-react/icons/pin";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { PanelDialog } from "../../../components/ui/panel-dialog";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { usePins } from "../api/pins";
import { LazyPinnedMessagesList } from "./lazy-chat-parts";

/** The conversation header's "Pinned" button: lists the conversation's pins (`PinnedMessagesList`, loaded on first opening). */
export function PinnedMessagesButton({ channelId, canPost }: { channelId: string; canPost: boolean }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const pins = usePins(channelId);
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
      <LazyPinnedMessagesList channelId={channelId} canPost={canPost} />
    </PanelDialog>
  );
}
