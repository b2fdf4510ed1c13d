import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TimeZoneSelect } from "../../../components/ui/time-zone-select";
import { useTranslate } from "../../../lib/i18n/use-translate";
import {
  type NotificationPreferences,
  type NotifyOn,
  useSaveNotificationPreferences,
} from "../api/notification-preferences";
import { SnoozeControls } from "./snooze-controls";
import "./notification-preferences.css";

const NOTIFY_CHOICES = [
  ["all", "notifications.notifyOn.all"],
  ["mentions", "notifications.notifyOn.mentions"],
  ["nothing", "notifications.notifyOn.nothing"],
] as const satisfies readonly (readonly [NotifyOn, string])[];

/** The person's notification preferences; Save writes them all at once, the snooze buttons at once. */
export function NotificationPreferencesForm({ userId, initial }: { userId: string; initial: NotificationPreferences }) {
  const t = useTranslate();
  const ids = { zone: useId(), start: useId(), end: useId() };
  const [prefs, setPrefs] = useState(initial);
  const save = useSaveNotificationPreferences(userId);
  const update = (change: Partial<NotificationPreferences>) => {
    save.reset();
    setPrefs((current) => ({ ...current, ...change }));
  };
  const quiet = prefs.quietHours;

  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(prefs);
      }}
    >
      {save.isError && (
        <Alert tone="error">
          <p>{t("notifications.saveError")}</p>
        </Alert>
      )}
      {save.isSuccess && (
        <Alert tone="success">
          <p>{t("notifications.saved")}</p>
        </Alert>
      )}
      <fieldset className="account-card">
        <legend>{t("notifications.notifyOn.legend")}</legend>
        {NOTIFY_CHOICES.map(([value, label]) => (
          <label key={value} className="notification-choice">
            <input
              type="radio"
              name="notify-on"
              value={value}
              checked={prefs.notifyOn === value}
              onChange={() => update({ notifyOn: value })}
            />
            {t(label)}
          </label>
        ))}
      </fieldset>
      <fieldset className="account-card">
        <legend>{t("notifications.quiet.legend")}</legend>
        <label className="notification-choice">
          <input
            type="checkbox"
            checked={quiet !== null}
            onChange={(event) => update({ quietHours: event.target.checked ? { start: "22:00", end: "08:00" } : null })}
          />
          {t("notifications.quiet.enabled")}
        </label>
        {quiet && (
          <div className="notification-times">
            <label htmlFor={ids.start}>{t("notifications.quiet.start")}</label>
            <input
              id={ids.start}
              type="time"
              required
              value={quiet.start}
              onChange={(event) => update({ quietHours: { ...quiet, start: event.target.value || quiet.start } })}
            />
            <label htmlFor={ids.end}>{t("notifications.quiet.end")}</label>
            <input
              id={ids.end}
              type="time"
              required
              value={quiet.end}
              onChange={(event) => update({ quietHours: { ...quiet, end: event.target.value || quiet.end } })}
            />
          </div>
        )}
        <label htmlFor={ids.zone}>{t("notifications.timeZone")}</label>
        <TimeZoneSelect id={ids.zone} value={prefs.timeZone} onChange={(timeZone) => update({ timeZone })} />
      </fieldset>
      <SnoozeControls
        snoozedUntil={prefs.snoozedUntil}
        onChange={(snoozedUntil) => {
          const next = { ...prefs, snoozedUntil };
          setPrefs(next);
          save.mutate(next);
        }}
      />
      <label className="notification-choice">
        <input
          type="checkbox"
          checked={prefs.emailMissed}
          onChange={(event) => update({ emailMissed: event.target.checked })}
        />
        {t("notifications.emailMissed")}
      </label>
      <div className="account-actions">
        <Button type="submit" pending={save.isPending}>
          {t("notifications.save")}
        </Button>
      </div>
    </form>
  );
}
