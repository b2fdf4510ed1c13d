import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { usePauseNotifications, useSnoozedUntil } from "../api/pause-notifications";
import { usePersonTimeZone } from "../api/person-time-zone";
import { pauseChoices, pauseEnd } from "./status-presets";

/**
 * The user menu's "Pause notifications" group (do not disturb for a while): 30 minutes, 1 hour or
 * until tomorrow morning; while paused, until when and "Resume notifications". The pause is
 * `notification_preferences.snoozed_until`, which the notification senders already honour.
 */
export function PauseNotificationsSection({ userId }: { userId: string }) {
  const t = useTranslate();
  const headingId = useId();
  const snoozedUntil = useSnoozedUntil(userId);
  const timeZone = usePersonTimeZone(userId);
  const pause = usePauseNotifications(userId);
  // When the menu opened (this mounts then): a pause ending before then is over; a new one ends later.
  const [openedAt] = useState(() => Date.now());
  const until = snoozedUntil.data;
  const paused = until != null && until.getTime() > openedAt;

  return (
    <section className="quick-status" aria-labelledby={headingId}>
      <h2 id={headingId} className="quick-status__heading">
        {t("quickStatus.pause.title")}
      </h2>
      <p className="quick-status__current" role="status">
        {paused ? t("quickStatus.pause.until", { time: until }) : t("quickStatus.pause.off")}
      </p>
      {pause.isError && <p className="quick-status__error">{t("quickStatus.pause.failed")}</p>}
      <ul className="quick-status__choices">
        {pauseChoices.map((choice) => (
          <li key={choice.id}>
            <Button
              variant="quiet"
              className="user-menu__item"
              pending={pause.isPending || timeZone.isPending}
              onClick={() => pause.mutate(pauseEnd(choice.id, new Date(), timeZone.data ?? "UTC"))}
            >
              {t(choice.label)}
            </Button>
          </li>
        ))}
        {paused && (
          <li>
            <Button
              variant="quiet"
              className="user-menu__item"
              pending={pause.isPending}
              onClick={() => pause.mutate(null)}
            >
              {t("quickStatus.pause.resume")}
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}
