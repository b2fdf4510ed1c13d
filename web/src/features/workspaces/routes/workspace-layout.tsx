import { Outlet, useMatch, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { useSession } from "../../../lib/auth/auth-state";
import { CustomEmojiProvider } from "../../../lib/custom-emoji/custom-emoji-context";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useTrackWorkspacePresence } from "../../../lib/workspace/workspace-presence";
import type { CurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useWorkspaceBySlug } from "../api/get-workspace-by-slug";
import { BackToConversations } from "../components/back-to-conversations";
import { WorkspaceSidebar } from "../components/workspace-sidebar";
import { useRememberOpenConversation } from "../hooks/use-remember-open-conversation";
import "../workspaces.css";

/**
 * `/:locale/w/:slug` — the workspace frame: the sidebar at the start edge, the open screen filling
 * the rest. On a phone they are two screens: the workspace's own address shows the list, any
 * deeper one (a conversation, members, search…) shows that screen with a way back.
 */
export function WorkspaceLayout() {
  const t = useTranslate();
  const { slug = "" } = useParams();
  const userId = useSession()?.user.id ?? "";
  const workspace = useWorkspaceBySlug(slug);
  const atList = useMatch("/:locale/w/:slug") !== null;
  const openConversation = useMatch("/:locale/w/:slug/c/:channelId")?.params.channelId;
  useTrackWorkspacePresence(workspace.data?.id ?? "", userId);
  useRememberOpenConversation(workspace.data ? userId : "", openConversation);

  if (workspace.isPending) return <Spinner />;
  if (workspace.isError)
    return <LoadError message="workspaces.shell.loadError" onRetry={() => void workspace.refetch()} />;
  if (workspace.data === null) {
    return (
      <div className="workspace-missing">
        <Alert tone="info" actions={<LocaleLink to="/w">{t("workspaces.shell.backToList")}</LocaleLink>}>
          <p>{t("workspaces.shell.notFound")}</p>
        </Alert>
      </div>
    );
  }
  return (
    <div className="workspace-shell" data-screen={atList ? "list" : "conversation"}>
      <div className="workspace-shell__side">
        <WorkspaceSidebar workspace={workspace.data} userId={userId} />
      </div>
      <div className="workspace-shell__content">
        <BackToConversations workspaceSlug={workspace.data.slug} />
        <CustomEmojiProvider workspaceId={workspace.data.id}>
          <Outlet context={{ ...workspace.data, userId } satisfies CurrentWorkspace} />
        </CustomEmojiProvider>
      </div>
    </div>
  );
}
