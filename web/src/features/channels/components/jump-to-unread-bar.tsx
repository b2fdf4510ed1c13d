import ArrowUp from "lucide-react/icons/arrow-up";
import X from "lucide-react/icons/x";
import { useIntl } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { UnreadStart } from "../api/unread-start";

type JumpToUnreadBarProps = { unread: UnreadStart; onJump: () => void; onDismiss: () => void };

/** Above the timeline while the first unread message is out of view: how many, since when, and a way there. */
export function JumpToUnreadBar({ unread, onJump, onDismiss }: JumpToUnreadBarProps) {
  const t = useTranslate();
  const intl = useIntl();
  const since = new Date(unread.since);
  const time = intl.formatDate(since, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="jump-to-unread" role="region" aria-label={t("channels.unread.divider")}>
      <p>{t("channels.unread.summary", { count: unread.count, time })}</p>
      <button type="button" className="jump-to-unread__jump" onClick={onJump}>
        <ArrowUp size={16} aria-hidden="true" />
        {t("channels.unread.jump")}
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t("channels.unread.dismiss")}
        title={t("channels.unread.dismiss")}
        onClick={onDismiss}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
