import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useSession } from "../../../lib/auth/auth-state";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useNotificationPreferences } from "../api/notification-preferences";
import { DesktopNotificationsSection } from "../components/desktop-notifications-section";
import { NotificationPreferencesForm } from "../components/notification-preferences-form";

/** `/:locale/account/notifications` — what to be told about, quiet hours, snooze, the missed-activity email and desktop notifications. */
export function NotificationsPage() {
  const t = useTranslate();
  const session = useSession();
  const prefs = useNotificationPreferences();
  return (
    <>
      <title>{t("app.documentTitle", { page: t("notifications.title") })}</title>
      <PageHeading>{t("notifications.title")}</PageHeading>
      {prefs.isError && <LoadError message="notifications.loadError" onRetry={() => void prefs.refetch()} />}
      {prefs.isPending && <Spinner />}
      {prefs.data && session && <NotificationPreferencesForm userId={session.user.id} initial={prefs.data} />}
      <DesktopNotificationsSection />
    </>
  );
}
