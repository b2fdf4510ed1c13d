import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { isWorkspaceAdmin, useMyWorkspaceRole, useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { InviteForm } from "../components/invite-form";
import { MemberList } from "../components/member-list";
import { PendingInvitations } from "../components/pending-invitations";
import { useMembersRealtime } from "../hooks/use-members-realtime";
import "../members.css";

/** `/:locale/w/:slug/members` — who is in the workspace; admins invite, change roles and remove. */
export function MembersPage() {
  const t = useTranslate();
  const workspace = useCurrentWorkspace();
  const members = useWorkspaceMembers(workspace.id);
  useMembersRealtime(workspace.id);
  const myRole = useMyWorkspaceRole(workspace.id, workspace.userId);
  const isAdmin = isWorkspaceAdmin(myRole);

  return (
    <section className="members-page" aria-labelledby="members-title">
      <title>{t("app.documentTitle", { page: t("members.title") })}</title>
      <div id="members-title">
        <PageHeading>{t("members.title")}</PageHeading>
      </div>
      {members.isPending && <Spinner />}
      {members.isError && <LoadError message="members.loadError" onRetry={() => void members.refetch()} />}
      {members.data && (
        <>
          {isAdmin ? <InviteForm workspaceId={workspace.id} /> : <p>{t("invites.adminsOnly")}</p>}
          <MemberList workspace={workspace} members={members.data} myRole={myRole} />
          {isAdmin && <PendingInvitations workspaceId={workspace.id} />}
        </>
      )}
    </section>
  );
}
