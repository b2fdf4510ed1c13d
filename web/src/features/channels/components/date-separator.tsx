import { useIntl } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { localDay } from "./timeline-marks";

/** A day heading in the timeline: "Today", "Yesterday", or the date in the active locale. */
export function DateSeparator({ date }: { date: Date }) {
  const t = useTranslate();
  const intl = useIntl();
  const now = new Date();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const day = localDay(date);
  const label =
    day === localDay(now)
      ? t("channels.dates.today")
      : day === localDay(yesterday)
        ? t("channels.dates.yesterday")
        : intl.formatDate(date, {
            weekday: "long",
            day: "numeric",
            month: "long",
            year: date.getFullYear() === now.getFullYear() ? undefined : "numeric",
          });
  return (
    <h2 className="timeline-separator timeline-separator--date">
      <span>{label}</span>
    </h2>
  );
}
