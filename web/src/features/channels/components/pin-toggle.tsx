import Pin from "lucide-react/icons/pin";
import PinOff from "lucide-react/icons/pin-off";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { usePins, useTogglePin } from "../api/pins";
import { useChat } from "./chat-context";

/** Pins a message to its conversation, or unpins it (a pressed toggle while pinned). */
export function PinToggle({ messageId }: { messageId: string }) {
  const t = useTranslate();
  const { channelId } = useChat();
  const pinned = usePins(channelId).data?.some((message) => message.id === messageId) ?? false;
  const toggle = useTogglePin(channelId);
  const label = pinned ? t("channels.actions.unpin") : t("channels.actions.pin");
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      aria-busy={toggle.isPending || undefined}
      onClick={() => toggle.mutate({ messageId, pinned })}
    >
      {pinned ? <PinOff size={16} aria-hidden="true" /> : <Pin size={16} aria-hidden="true" />}
    </button>
  );
}
