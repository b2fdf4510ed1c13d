import BellOff from "lucide-react/icons/bell-off";
import { useTranslate } from "../i18n/use-translate";
import { useConversationPreferences } from "./use-conversation-preferences";
import "./conversation-preferences.css";

/**
 * A crossed-out bell beside a conversation in the sidebar that the signed-in person muted (the
 * sidebar link greys out around it); nothing otherwise. Named for screen readers as "Muted".
 *
 * @example <MutedMark conversationId={channel.id} />
 */
export function MutedMark({ conversationId }: { conversationId: string }) {
  const t = useTranslate();
  const preferences = useConversationPreferences();
  if (!preferences.data?.get(conversationId)?.muted) return null;
  return (
    <span className="muted-mark" title={t("conversationNotifications.muted")} data-muted="">
      <BellOff size={14} aria-hidden="true" />
      <span className="visually-hidden">{t("conversationNotifications.muted")}</span>
    </span>
  );
}
