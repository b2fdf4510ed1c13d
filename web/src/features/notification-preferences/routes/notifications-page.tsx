import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useSession } from "../../../lib/auth/auth-state";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { WebPushToggle } from "../../../lib/web-push/web-push-toggle";
import { useNotificationPreferences } from "../api/notification-preferences";
import { NotificationPreferencesForm } from "../components/notification-preferences-form";

/** `/:locale/account/notifications` — what to be told about, quiet hours, snooze and the missed-activity email. */
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
      <WebPushToggle />
    </>
  );
}
