import Bell from "lucide-react/icons/bell";
import { LocaleNavLink } from "../i18n/locale-nav-link";
import { useTranslate } from "../i18n/use-translate";
import { useActivityUnread } from "./activity-unread";
import "./activity-nav-link.css";

/** The sidebar's way to the activity inbox, with its live unread count. */
export function ActivityNavLink({ workspace, userId }: { workspace: { id: string; slug: string }; userId: string }) {
  const t = useTranslate();
  const unread = useActivityUnread(workspace.id, userId).data ?? 0;
  return (
    <LocaleNavLink to={`/w/${workspace.slug}/activity`} className="activity-nav-link">
      <Bell size={16} aria-hidden="true" />
      <span className="visually-hidden">{t("activity.navLabel", { count: unread })}</span>
      <span aria-hidden="true">{t("activity.title")}</span>
      {unread > 0 && (
        <span className="activity-nav-link__badge" aria-hidden="true" data-testid="activity-badge">
          {unread}
        </span>
      )}
    </LocaleNavLink>
  );
}
