import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { usePersonStatus } from "../../../lib/statuses/visible-statuses";
import { usePersonTimeZone } from "../api/person-time-zone";
import { useSetStatus } from "../api/set-status";
import { type PresetDuration, presetExpiry, statusPresets } from "./status-presets";

const durationLabel = (duration: PresetDuration) =>
  duration === "today"
    ? ("quickStatus.duration.today" as const)
    : duration === "untilCleared"
      ? ("quickStatus.duration.untilCleared" as const)
      : duration.minutes === 30
        ? ("quickStatus.duration.minutes30" as const)
        : ("quickStatus.duration.hour1" as const);

/** The user menu's status group: the current status with "Clear status", and one button per preset. */
export function QuickStatusSection({ userId }: { userId: string }) {
  const t = useTranslate();
  const headingId = useId();
  const current = usePersonStatus(userId);
  const timeZone = usePersonTimeZone(userId);
  const setStatus = useSetStatus(userId);

  return (
    <section className="quick-status" aria-labelledby={headingId}>
      <h2 id={headingId} className="quick-status__heading">
        {t("quickStatus.title")}
      </h2>
      <p className="quick-status__current" role="status">
        {current
          ? current.expiresAt
            ? t("quickStatus.current.until", {
                status: [current.emoji, current.text].filter(Boolean).join(" "),
                time: current.expiresAt,
              })
            : t("quickStatus.current", { status: [current.emoji, current.text].filter(Boolean).join(" ") })
          : t("quickStatus.none")}
      </p>
      {setStatus.isError && <p className="quick-status__error">{t("quickStatus.failed")}</p>}
      <ul className="quick-status__choices">
        {statusPresets.map((preset) => (
          <li key={preset.id}>
            <Button
              variant="quiet"
              className="user-menu__item"
              pending={setStatus.isPending || timeZone.isPending}
              onClick={() =>
                setStatus.mutate({
                  emoji: preset.emoji,
                  text: t(preset.label),
                  expiresAt: presetExpiry(preset.duration, new Date(), timeZone.data ?? "UTC"),
                })
              }
            >
              <span aria-hidden="true">{preset.emoji}</span>
              <span>{t(preset.label)}</span>
              <span className="quick-status__duration">{t(durationLabel(preset.duration))}</span>
            </Button>
          </li>
        ))}
        {current && (
          <li>
            <Button
              variant="quiet"
              className="user-menu__item"
              pending={setStatus.isPending}
              onClick={() => setStatus.mutate(null)}
            >
              {t("quickStatus.clear")}
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}
