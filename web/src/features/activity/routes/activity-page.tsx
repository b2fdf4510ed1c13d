import { Button } from "../../../components/ui/button";
import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useActivity } from "../api/list-activity";
import { useMarkActivityRead } from "../api/mark-activity-read";
import { ActivityEntry } from "../components/activity-entry";
import "../activity.css";

/** `/:locale/w/:slug/activity` — mentions, followed threads, DMs and reactions, newest first. */
export function ActivityPage() {
  const t = useTranslate();
  const workspace = useCurrentWorkspace();
  const activity = useActivity(workspace.id);
  const members = useWorkspaceMembers(workspace.id);
  const mark = useMarkActivityRead(workspace.id);
  const items = activity.data ?? [];
  const nameOf = (id: string | null) =>
    members.data?.find((member) => member.userId === id)?.name ?? t("channels.messages.unknownAuthor");

  return (
    <section className="activity-page" aria-labelledby="activity-title">
      <title>{t("app.documentTitle", { page: t("activity.title") })}</title>
      <div className="activity-page__header">
        <div id="activity-title">
          <PageHeading>{t("activity.title")}</PageHeading>
        </div>
        <Button
          type="button"
          pending={mark.all.isPending}
          disabled={!items.some((item) => !item.read_at)}
          onClick={() => mark.all.mutate()}
        >
          {t("activity.markAllRead")}
        </Button>
      </div>
      {activity.isPending ? (
        <Spinner />
      ) : activity.isError ? (
        <LoadError message="activity.loadFailed" onRetry={() => void activity.refetch()} />
      ) : items.length === 0 ? (
        <p className="activity-page__empty">{t("activity.empty")}</p>
      ) : (
        <ul className="activity-page__list">
          {items.map((item) => (
            <ActivityEntry
              key={item.id}
              item={item}
              workspaceSlug={workspace.slug}
              nameOf={nameOf}
              onOpen={(opened) => !opened.read_at && mark.item.mutate(opened.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
