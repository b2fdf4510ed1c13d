import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useNotificationPermission } from "../../../lib/desktop-notifications/notification-permission";
import type { MessageId } from "../../../lib/i18n/messages";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { WebPushToggle } from "../../../lib/web-push/web-push-toggle";

/** What each permission state says (written out, so every message id appears in the source). */
const STATES = {
  default: "desktopNotifications.state.default",
  granted: "desktopNotifications.state.granted",
  denied: "desktopNotifications.state.denied",
  unsupported: "desktopNotifications.state.unsupported",
} as const satisfies Record<string, MessageId>;

/**
 * "Desktop notifications": what they are, whether this browser allows them, and a button that asks
 * the browser — the only place Parley ever asks, and only when clicked. Blocked: how to allow again.
 */
export function DesktopNotificationsSection() {
  const t = useTranslate();
  const { permission, request } = useNotificationPermission();
  const [asking, setAsking] = useState(false);
  return (
    <section
      className="account-card"
      aria-labelledby="desktop-notifications-heading"
      data-testid="desktop-notifications"
    >
      <h2 id="desktop-notifications-heading">{t("desktopNotifications.title")}</h2>
      <p>{t("desktopNotifications.intro")}</p>
      <p role="status" data-state={permission}>
        {t(STATES[permission])}
      </p>
      {permission === "denied" && <p>{t("desktopNotifications.reallow")}</p>}
      {permission === "default" && (
        <div className="account-actions">
          <Button
            pending={asking}
            onClick={() => {
              setAsking(true);
              void request().finally(() => setAsking(false));
            }}
          >
            {t("desktopNotifications.allow")}
          </Button>
        </div>
      )}
      <WebPushToggle />
    </section>
  );
}
