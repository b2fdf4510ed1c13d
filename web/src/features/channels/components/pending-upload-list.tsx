import X from "lucide-react/icons/x";
import { useIntl } from "react-intl";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { PendingUpload } from "../hooks/use-pending-uploads";
import { formatBytes } from "./format-bytes";

/** Files waiting to be sent: progress while uploading, the reason when refused, and a remove/cancel button. */
export function PendingUploadList({
  items,
  onRemove,
}: {
  items: PendingUpload[];
  onRemove: (item: PendingUpload) => void;
}) {
  const t = useTranslate();
  const intl = useIntl();
  if (items.length === 0) return null;
  return (
    <ul className="pending-uploads" aria-label={t("channels.attachments.pending")}>
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        return (
          <li key={item.key} className={`pending-upload pending-upload--${item.status}`}>
            <span className="pending-upload__name" dir="auto">
              {item.file.name}
            </span>
            <span className="pending-upload__size">{formatBytes(intl, item.file.size)}</span>
            {item.status === "uploading" && (
              <progress
                max={100}
                value={percent}
                aria-label={t("channels.attachments.progress", { name: item.file.name, percent: item.progress })}
              />
            )}
            {item.status === "done" && <span className="pending-upload__state">{t("channels.attachments.ready")}</span>}
            {item.problem && (
              <span className="pending-upload__problem" role="alert">
                {t(item.problem, { name: item.file.name })}
              </span>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={t(
                item.status === "uploading" ? "channels.attachments.cancel" : "channels.attachments.remove",
                { name: item.file.name },
              )}
              title={t(item.status === "uploading" ? "channels.attachments.cancel" : "channels.attachments.remove", {
                name: item.file.name,
              })}
              onClick={() => onRemove(item)}
            >
              <X size={16} aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
