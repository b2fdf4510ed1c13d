import { Outlet, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { ActivityNavLink } from "../../../lib/activity/activity-nav-link";
import { useSession } from "../../../lib/auth/auth-state";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useTrackWorkspacePresence } from "../../../lib/workspace/workspace-presence";
import type { CurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useWorkspaceBySlug } from "../api/get-workspace-by-slug";
import { ChannelSidebar } from "../components/channel-sidebar";
import { OnlineMembers } from "../components/online-members";
import "../workspaces.css";

/** `/:locale/w/:slug` — the workspace shell: channel sidebar beside the open channel. */
export function WorkspaceLayout() {
  const t = useTranslate();
  const { slug = "" } = useParams();
  const userId = useSession()?.user.id ?? "";
  const workspace = useWorkspaceBySlug(slug);
  useTrackWorkspacePresence(workspace.data?.id ?? "", userId);

  if (workspace.isPending) return <Spinner />;
  if (workspace.isError)
    return <LoadError message="workspaces.shell.loadError" onRetry={() => void workspace.refetch()} />;
  if (workspace.data === null) {
    return (
      <Alert tone="info" actions={<LocaleLink to="/w">{t("workspaces.shell.backToList")}</LocaleLink>}>
        <p>{t("workspaces.shell.notFound")}</p>
      </Alert>
    );
  }
  return (
    <div className="workspace-shell">
      <div className="workspace-shell__side">
        <ActivityNavLink workspace={workspace.data} userId={userId} />
        <ChannelSidebar workspace={workspace.data} userId={userId} />
        <OnlineMembers workspaceId={workspace.data.id} userId={userId} />
      </div>
      <div className="workspace-shell__content">
        <Outlet context={{ ...workspace.data, userId } satisfies CurrentWorkspace} />
      </div>
    </div>
  );
}
