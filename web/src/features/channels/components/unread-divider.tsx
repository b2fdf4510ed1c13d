import { useTranslate } from "../../../lib/i18n/use-translate";

/** The line above the first message the reader has not seen yet. */
export function UnreadDivider() {
  const t = useTranslate();
  return (
    <p className="timeline-separator timeline-separator--unread" data-unread-divider="">
      <span>{t("channels.unread.divider")}</span>
    </p>
  );
}
