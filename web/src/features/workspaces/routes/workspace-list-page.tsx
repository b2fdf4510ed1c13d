import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useWorkspaces } from "../api/list-workspaces";
import { CreateWorkspaceForm } from "../components/create-workspace-form";
import { JoinByInvitationForm } from "../components/join-by-invitation-form";
import "../workspaces.css";

/** `/:locale/w` — the workspaces the person belongs to; creating a new one, or joining by an invitation link. */
export function WorkspaceListPage() {
  const t = useTranslate();
  const workspaces = useWorkspaces();

  return (
    <div className="workspace-list-page">
      <title>{t("app.documentTitle", { page: t("workspaces.list.title") })}</title>
      <PageHeading>{t("workspaces.list.title")}</PageHeading>
      {workspaces.isPending && <Spinner />}
      {workspaces.isError && (
        <LoadError message="workspaces.list.loadError" onRetry={() => void workspaces.refetch()} />
      )}
      {workspaces.data?.length === 0 && <p>{t("workspaces.list.empty")}</p>}
      {workspaces.data && workspaces.data.length > 0 && (
        <ul className="workspace-list">
          {workspaces.data.map((workspace) => (
            <li key={workspace.id}>
              <LocaleLink to={`/w/${workspace.slug}`} className="workspace-list__link">
                <span className="workspace-list__name">{workspace.name}</span>
                <span className="workspace-list__slug" dir="ltr">
                  /w/{workspace.slug}
                </span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      )}
      <CreateWorkspaceForm />
      <JoinByInvitationForm />
    </div>
  );
}
