import { useTranslate } from "../i18n/use-translate";
import { usePersonStatus } from "./visible-statuses";
import "./status-mark.css";

/**
 * A person's status emoji beside their name (with the status's words as its tooltip and for screen
 * readers), and "do not disturb" when they paused notifications that way. Nothing without a
 * current status.
 */
export function StatusMarkBody({ userId }: { userId: string }) {
  const t = useTranslate();
  const status = usePersonStatus(userId);
  if (!status || (!status.emoji && !status.text && !status.doNotDisturb)) return null;
  const text = status.text || status.emoji || "";
  const description = status.doNotDisturb ? t("status.mark.doNotDisturb", { text }) : t("status.mark", { text });
  return (
    <span className="status-mark" title={status.text || undefined} data-status-of={userId}>
      {status.emoji && <span aria-hidden="true">{status.emoji}</span>}
      <span className="visually-hidden">{description}</span>
    </span>
  );
}
