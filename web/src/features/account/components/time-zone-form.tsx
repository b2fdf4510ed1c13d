import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TimeZoneSelect } from "../../../components/ui/time-zone-select";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { browserTimeZone, useSaveTimeZone } from "../api/time-zone";

/** The time zone teammates see the caller's local time in; it starts as the browser's own. */
export function TimeZoneForm({ userId, saved }: { userId: string; saved: string | null }) {
  const t = useTranslate();
  const id = useId();
  const hintId = useId();
  const [zone, setZone] = useState(saved ?? browserTimeZone());
  const save = useSaveTimeZone(userId);
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(zone);
      }}
    >
      {save.isError && (
        <Alert tone="error">
          <p>{t("account.timeZone.failed")}</p>
        </Alert>
      )}
      {save.isSuccess && (
        <Alert tone="success">
          <p>{t("account.timeZone.saved")}</p>
        </Alert>
      )}
      <div className="text-field">
        <label htmlFor={id} className="text-field__label">
          {t("account.timeZone.label")}
        </label>
        <TimeZoneSelect id={id} aria-describedby={hintId} value={zone} onChange={setZone} />
        <p id={hintId} className="text-field__hint">
          {t("account.timeZone.hint")}
        </p>
      </div>
      <div className="account-actions">
        <Button type="submit" pending={save.isPending}>
          {t("account.save")}
        </Button>
      </div>
    </form>
  );
}
