import { useSession } from "../../../lib/auth/auth-state";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { useActivityNotifications } from "../use-activity-notifications";

/** Browser notifications for the signed-in person's new activity while the tab is hidden; renders nothing. */
export function ActivityNotifier() {
  const userId = useSession()?.user.id ?? "";
  const navigate = useLocaleNavigate();
  useActivityNotifications(userId, navigate);
  return null;
}
