import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { snoozeUntil } from "../api/snooze-until";

/** "Snooze for 1 hour / until tomorrow", and while snoozed, when it ends and a button to end it now. */
export function SnoozeControls({
  snoozedUntil,
  onChange,
}: {
  snoozedUntil: Date | null;
  onChange: (until: Date | null) => void;
}) {
  const t = useTranslate();
  // When the page opened: a snooze ending before then is over (a new one always ends later).
  const [openedAt] = useState(() => Date.now());
  const snoozed = snoozedUntil !== null && snoozedUntil.getTime() > openedAt;
  return (
    <fieldset className="account-card">
      <legend>{t("notifications.snooze.legend")}</legend>
      {snoozed && <p>{t("notifications.snooze.until", { time: snoozedUntil })}</p>}
      <div className="account-actions">
        <Button variant="quiet" onClick={() => onChange(snoozeUntil("hour"))}>
          {t("notifications.snooze.hour")}
        </Button>
        <Button variant="quiet" onClick={() => onChange(snoozeUntil("tomorrow"))}>
          {t("notifications.snooze.tomorrow")}
        </Button>
        {snoozed && (
          <Button variant="quiet" onClick={() => onChange(null)}>
            {t("notifications.snooze.end")}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
