import Bell from "lucide-react/icons/bell";
import BellOff from "lucide-react/icons/bell-off";
import { useTranslate } from "../i18n/use-translate";
import {
  type ConversationLevel,
  type ConversationPreference,
  useConversationPreferences,
  useSaveConversationPreference,
} from "./use-conversation-preferences";
import "./conversation-preferences.css";

const LEVELS = [
  [null, "conversationNotifications.default"],
  ["all", "conversationNotifications.all"],
  ["mentions", "conversationNotifications.mentions"],
  ["nothing", "conversationNotifications.nothing"],
] as const satisfies readonly (readonly [ConversationLevel | null, string])[];

/**
 * The conversation header's notification menu: all / mentions / nothing (or the person's own
 * setting) and mute. Saved at once.
 *
 * @example <ConversationNotificationsMenu conversationId={channel.id} />
 */
export function ConversationNotificationsMenu({ conversationId }: { conversationId: string }) {
  const t = useTranslate();
  const preferences = useConversationPreferences();
  const save = useSaveConversationPreference(conversationId);
  const current: ConversationPreference = preferences.data?.get(conversationId) ?? { notifyOn: null, muted: false };
  const change = (next: Partial<ConversationPreference>) => save.mutate({ ...current, ...next });
  return (
    <details className="conversation-notifications">
      <summary>
        {current.muted ? <BellOff size={16} aria-hidden="true" /> : <Bell size={16} aria-hidden="true" />}
        <span>{t("conversationNotifications.menu")}</span>
      </summary>
      <fieldset className="conversation-notifications__panel" disabled={!preferences.data}>
        <legend className="visually-hidden">{t("conversationNotifications.menu")}</legend>
        {LEVELS.map(([level, label]) => (
          <label key={level ?? "default"}>
            <input
              type="radio"
              name={`conversation-level-${conversationId}`}
              checked={current.notifyOn === level}
              onChange={() => change({ notifyOn: level })}
            />
            {t(label)}
          </label>
        ))}
        <label>
          <input
            type="checkbox"
            checked={current.muted}
            onChange={(event) => change({ muted: event.target.checked })}
          />
          {t("conversationNotifications.mute")}
        </label>
        {save.isError && <p role="alert">{t("conversationNotifications.saveError")}</p>}
      </fieldset>
    </details>
  );
}
